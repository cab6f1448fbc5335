"""File formats read and written by crosstable (TRF16 / TRF-2026, JSON, CSV)."""
