"""pytest-gadgetscope: test an AmigaOS program's GUI from pytest, with
GadgetScope serving AmiPilot's wire in FS-UAE on the free AROS ROM and
AmiPilot's own client (`amipilot.Amipilot`) in the tests.

The pytest plugin is `pytest_gadgetscope.plugin` (fixtures `amiga` and
`snapshot`); screenshot snapshots are `assert_snapshot`, with PNG work
done by Pillow.
"""

from .snapshot import SnapshotMismatch, SnapshotWritten, assert_snapshot, check_image, compare

__version__ = "0.1.0"
__all__ = ["SnapshotMismatch", "SnapshotWritten", "assert_snapshot", "check_image", "compare"]
