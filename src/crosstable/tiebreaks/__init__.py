"""Tie-breaks: a registry keyed by the official FIDE C.07 / TRF-2026 codes, plus the
Chinese xiangqi tie-breaks, one module per family."""
