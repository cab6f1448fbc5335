"""Backups: which tables make up an event (the declarations every app makes; no app imported).

Every model of every installed app is declared once (``registry``): either as a table of the
event (its rows are found from the event by a lookup path, exported and re-imported with
their references renumbered) or as server data that is not part of any event (accounts,
sessions, login attempts, caches), with the reason. A model nobody declared makes the
coverage test fail, so a new table never silently drops out of the backups. Each app declares
its own tables in its ``backup.py``; ``crosstable_web.events.files.event_file`` turns an event into
one JSON document and back from these declarations.
"""
