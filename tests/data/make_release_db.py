"""Build tests/data/release-0.1.sqlite: tables of every game written by release 0.1 (commit 0eb7c03)."""
# Run once at release 0.1 (commit 0eb7c03) from the repository root:
#   python tests/data/make_release_db.py test_full_flow_to_the_first_challenge_through_the_api
# It drives that release's own API tests and keeps the SQLite file they wrote.
import importlib
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.getcwd())
from companion import create_app

tmp = tempfile.mkdtemp()
app = create_app({"DATABASE_URL": "", "DATA_DIR": tmp, "TESTING": True, "RANDOM_SEED": 20261122})
sys.path.insert(0, "tests")
import conftest  # noqa: E402

api = conftest.Api(app.test_client())
client = api.client
runs = [("tests.api.test_base_api", "test_export_then_import_continues_the_game", (api,)),
        ("tests.api.test_agot_api", "test_full_westeros_phase", (api,)),
        ("tests.api.test_agot_action_api", "test_round_of_raid_march_combat_and_consolidate", (api,)),
        ("tests.api.test_catan_watch_api", "test_setup_roll_and_wildling_advance_over_the_api", (api,)),
        ("tests.api.test_immortals_api", "test_round_with_secret_plan_battle_and_scoring", (api, client)),
        ("tests.api.test_lcg_api", sys.argv[1], (api,))]
for mod, fn, args in runs:
    m = importlib.import_module(mod)
    getattr(m, fn)(*args)
    print("ran", mod, fn)
app.extensions["companion.tables"].db.dispose()
shutil.copy(os.path.join(tmp, "companion.db"), "tests/data/release-0.1.sqlite")
