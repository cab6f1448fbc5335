"""An event in files, in and out: TRF-2026 of a section (``exchange``), an event made from a
TRF file (``trf_import``), the whole event as one JSON file (``event_file``, older versions
in ``event_file_v1``)."""
