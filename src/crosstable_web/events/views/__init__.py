"""Thin views: read the request, call a service, show the result or the error.

Pages for everyone (event list, standings) and staff pages (entries, rounds, results, fees,
audit log); the services and :mod:`crosstable_web.events.oversight.permissions` decide the per-event
roles, so a view never decides who may act. One module per page area: :mod:`.event`,
:mod:`.regulations` (settings), :mod:`.entries` (sections and entries), :mod:`.round_actions`
and :mod:`.round_page` (rounds and results), :mod:`.results` (standings, TRF), :mod:`.files`
(imports and exports), :mod:`.fide` (FIDE mode); :mod:`.page` is what they all start from.
"""
