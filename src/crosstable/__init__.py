"""crosstable: Swiss-system chess and xiangqi tournaments, from registration to prize list.

This is the pure core: the tournament model, scoring, pairing engines, tie-breaks, TRF
reading and writing, regulations, prizes and the command line. It imports no web framework
and no database; the Django project in ``crosstable_web`` sits on top of it.
"""

__version__ = "0.1.0"
