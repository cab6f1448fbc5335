"""Every change to an online registration, one module per step: ``opening`` (when the
form is open, the registrant's private link), ``checking`` (a registration's players checked
before it is taken; ``Refused``), ``sending``, ``paying`` (payments recorded or confirmed;
``amounts``: the fee paid and each player's share), ``deciding`` (the organisers' approvals
and rejections), ``changing`` (a registrant's later changes) and ``purging`` (the
documents). Readings chosen are in docs/registration.md.

A registration is checked as the entries import checks a file (``entries_import.check_rows``:
values read by ``crosstable.typed``, the player placed by the regulations, eligibility,
duplicates and per-unit limits), with the players of the registrations still waiting counted
before it, so that a school's fifth player is refused while its first four wait for approval.
Approving one imports its players through the same import (``import_entries``), so an entry
made online is the entry a file would have made; a team registration then becomes a team
through the teams service.
"""
