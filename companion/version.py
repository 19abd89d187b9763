"""The release number, in a leaf module: what reads it (snapshots tag their format with it) need not
import the package's ``__init__``, which builds the app from every layer (that was an import cycle)."""

__version__ = "0.2.0"
