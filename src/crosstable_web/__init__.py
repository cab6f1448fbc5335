"""crosstable's web app (Django) for organisers and arbiters, over the pure core ``crosstable``.

Only :mod:`crosstable_web.events.bridge` turns database rows into core objects and back; views are
thin and call the service layer (``crosstable_web.events.services``).
"""
