"""Network namespaces joined to the root namespace by a veth pair: the failover test's app hosts.

Each host is a namespace of its own (its own loopback, its own address on a /30 shared with the
root namespace), so killing it and reaching it look to nginx as they would on another machine.
Names carry the test process's id, so a run that crashed (and left its namespaces, forwarder or
nginx behind) is cleaned up by the next run, which never touches another live run's pieces.
"""

from __future__ import annotations

import ipaddress
import os
import random
import shutil
import signal
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

#: Namespace names: ``companion-fo-<pid>-<tag>``; the run's folder: ``/tmp/companion-fo-<pid>``.
PREFIX = "companion-fo"
#: The routing protocol number this test's own routes carry (any unassigned one would do).
ROUTES = "177"


def ip(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["ip", *args], check=check, capture_output=True, text=True)


@dataclass
class Namespace:
    """One host: ``address`` inside the namespace, ``gateway`` on the root side of its veth (the
    host's way to the database), and ``front``, a second address of the host on the same veth,
    where the proxy reaches it: :meth:`hide` and :meth:`show` take the route to it away (a refused
    connection at once, never a timeout) and give it back, while the database path stays up."""

    name: str
    outside: str
    inside: str
    gateway: str
    address: str
    front: str = ""

    def exec_argv(self, argv: list[str]) -> list[str]:
        """``argv`` run inside the namespace (``ip netns exec`` execs it: the pid is the program's)."""
        return ["ip", "netns", "exec", self.name, *argv]

    def pids(self) -> list[int]:
        out = ip("netns", "pids", self.name, check=False).stdout
        return [int(p) for p in out.split()]

    def hide(self) -> None:
        # marked as this test's (protocol ROUTES) with the run's pid as its metric: a later run
        # removes it if this one crashed while the host was hidden
        ip("route", "del", f"{self.front}/32", "dev", self.outside, check=False)
        ip("route", "add", "unreachable", f"{self.front}/32", "proto", ROUTES, "metric", str(os.getpid()))

    def show(self) -> None:
        ip("route", "del", "unreachable", f"{self.front}/32", "proto", ROUTES, "metric", str(os.getpid()),
           check=False)
        ip("route", "replace", f"{self.front}/32", "dev", self.outside)

    def remove(self) -> None:
        """Kill whatever still runs inside, then delete the namespace (its veth pair goes with it)."""
        for pid in self.pids():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        ip("netns", "del", self.name, check=False)
        ip("link", "del", self.outside, check=False)
        if self.front:
            ip("route", "del", "unreachable", f"{self.front}/32", "proto", ROUTES, "metric", str(os.getpid()),
               check=False)


def _taken_networks() -> list[ipaddress.IPv4Network]:
    out = ip("-4", "-o", "addr", "show").stdout.split() + ip("-4", "route", "show", "table", "all").stdout.split()
    nets = []
    for word in out:
        try:
            nets.append(ipaddress.ip_network(word, strict=False))
        except ValueError:
            continue
    return [n for n in nets if isinstance(n, ipaddress.IPv4Network) and n.prefixlen > 0]


def free_subnet() -> ipaddress.IPv4Network:
    """A /29 in 10.0.0.0/8 that no interface or route of this machine uses."""
    taken = _taken_networks()
    for _ in range(1000):
        net = ipaddress.ip_network(f"10.{random.randint(64, 250)}.{random.randint(0, 255)}."
                                   f"{8 * random.randint(0, 31)}/29")
        if not any(net.overlaps(t) for t in taken):
            return net  # type: ignore[return-value]
    raise RuntimeError("no free /29 in 10.0.0.0/8")


def make(tag: str) -> Namespace:
    """A namespace with loopback up and a veth to the root namespace: the gateway and the host's
    address on a free /30, its front address just past it (shown)."""
    pid = os.getpid()
    net = free_subnet()
    gateway, address, _, _, front = (str(h) for h in list(net.hosts())[:5])
    ns = Namespace(f"{PREFIX}-{pid}-{tag}", f"cfo{pid}{tag}o", f"cfo{pid}{tag}i", gateway, address, front)
    try:
        ip("netns", "add", ns.name)
        ip("link", "add", ns.outside, "type", "veth", "peer", "name", ns.inside)
        ip("link", "set", ns.inside, "netns", ns.name)
        ip("addr", "add", f"{gateway}/30", "dev", ns.outside)
        ip("link", "set", ns.outside, "up")
        for args in (("addr", "add", f"{address}/30", "dev", ns.inside), ("addr", "add", f"{front}/32", "dev", ns.inside),
                     ("link", "set", ns.inside, "up"), ("link", "set", "lo", "up")):
            ip("netns", "exec", ns.name, "ip", *args)
        ns.show()
    except BaseException:
        ns.remove()
        raise
    return ns


def run_dir() -> Path:
    """This run's folder (nginx's prefix, logs, the pids to end if the run dies): readable by nginx's
    unprivileged workers, unlike pytest's private tmp_path."""
    path = Path(tempfile.gettempdir()) / f"{PREFIX}-{os.getpid()}"
    path.mkdir(mode=0o755, exist_ok=True)
    path.chmod(0o755)
    return path


def remember(pid: int) -> None:
    """Note a process this run started, with its command line, for a later run's clean-up."""
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().hex()
    except OSError:
        return
    with open(run_dir() / "pids", "a", encoding="ascii") as fh:
        fh.write(f"{pid} {cmdline}\n")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def clean_stale() -> None:
    """End what a crashed earlier run left behind: its processes (only those whose command line is
    still the one it recorded: a reused pid is left alone), its namespaces and its folder."""
    tmp = Path(tempfile.gettempdir())
    for folder in tmp.glob(f"{PREFIX}-*"):
        owner = folder.name.rsplit("-", 1)[-1]
        if not owner.isdigit() or _alive(int(owner)):
            continue
        pids = folder / "pids"
        for line in (pids.read_text(encoding="ascii").splitlines() if pids.exists() else []):
            pid, _, cmdline = line.partition(" ")
            try:
                if Path(f"/proc/{pid}/cmdline").read_bytes().hex() == cmdline:
                    os.kill(int(pid), signal.SIGKILL)
            except (OSError, ValueError):
                continue
        shutil.rmtree(folder, ignore_errors=True)
    for line in ip("netns", "list", check=False).stdout.splitlines():
        name = line.split()[0] if line.split() else ""
        parts = name.split("-")
        if name.startswith(PREFIX + "-") and len(parts) == 4 and parts[2].isdigit() and not _alive(int(parts[2])):
            Namespace(name, f"cfo{parts[2]}{parts[3]}o", "", "", "").remove()
    for line in ip("route", "show", "type", "unreachable", "proto", ROUTES, check=False).stdout.splitlines():
        words = line.split()
        if len(words) > 1 and "metric" in words and words[words.index("metric") + 1].isdigit() and \
                not _alive(int(words[words.index("metric") + 1])):
            ip("route", "del", "unreachable", words[1], "proto", ROUTES, "metric", words[words.index("metric") + 1],
               check=False)
