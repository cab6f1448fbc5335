"""TRF: FIDE's Tournament Report File, TRF16 and TRF-2026, with the JaVaFo and bbpPairings
extension lines.

``read_trf`` / ``load_trf`` turn TRF text into a :class:`~crosstable.model.Tournament`;
``write_trf`` / ``save_trf`` write one back, in the ``"2026"`` or the ``"16"`` dialect.
Problems in the input raise :class:`TrfError`, which names the line and column.
See docs/formats/trf.md.
"""

from crosstable.formats.trf.errors import TrfError, TrfProblem
from crosstable.formats.trf.reader import (
    decode_trf,
    load_trf,
    load_trf_checked,
    read_trf,
    read_trf_bytes,
    read_trf_checked,
)
from crosstable.formats.trf.validation import Locations, check_tournament
from crosstable.formats.trf.writer import save_trf, write_trf

__all__ = [
    "Locations",
    "TrfError",
    "TrfProblem",
    "check_tournament",
    "decode_trf",
    "load_trf",
    "load_trf_checked",
    "read_trf",
    "read_trf_bytes",
    "read_trf_checked",
    "save_trf",
    "write_trf",
]
