"""The venue and its public site as one system (issue 27, docs/venue.md).

The arbiter's laptop (the *venue*) runs the event alone, offline if need be, and publishes it
to a public crosstable server (the *hub*) whenever the network is there. This app holds both
ends of that link:

- the hub's end (``HubSlot``, :mod:`receiving`): an event slot with a publishing key; a
  publication, signed with the key (:mod:`signing`), carries the venue's whole event (the
  backup file's document) and is applied in one transaction when the venue's audit chain
  continues the one the hub holds; followers and their notifications stay the hub's own;
- the venue's end (``VenueLink``, :mod:`sending`, ``crosstable-web publish``): the hub's
  address and key, what the hub last acknowledged, and the last attempt's outcome.
"""
