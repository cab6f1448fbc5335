"""Entries from files: an organiser's spreadsheet read within bounds (``spreadsheet``), its
headings in four languages (``entry_headings``), the whole list imported all or nothing
(``entries_import``)."""
