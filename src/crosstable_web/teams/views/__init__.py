"""Thin views of a team section: read the request, call a service (``teams.services``,
``teams.payments``), show the result or the error; the services and
:mod:`crosstable_web.events.oversight.permissions` decide who may act. One module per page area:
:mod:`.section` (teams, ineligible players, pairing), :mod:`.team_form`, :mod:`.fee_page`,
:mod:`.lineups` (the captain's pages), :mod:`.round_page` (results), :mod:`.results`
(standings, TRF)."""
