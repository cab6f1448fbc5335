"""The service layer for events, sections, entries, pairing numbers and fees, one module per
concern: ``organising`` (events, sections, roles), ``entering`` (entries, deadlines, later
ratings), ``house_player``, ``playing_groups``, ``pairing_numbers``, ``fees``; a refusal is a
:class:`ServiceError` (``refusal``).

Views and management commands call these functions by this package's names
(``services.add_entry``); each one is a single transaction, checks the actor's role and writes
the audit log. Round-running services are in ``events.rounds``.
"""

# An entry's data as the entry forms, imports and these services pass it (its own module, so
# that the rules read it without importing the services); callers name it ``services.EntryData``.
from crosstable_web.events.entry_data import ENTRY_FIELDS, EntryData, entry_data_of
from crosstable_web.events.services.entering import (
    MAX_RATING,
    TPN_FIXED_AFTER_ROUND,
    EntryChecker,
    add_entry,
    addition_refusal,
    capacity_counts_teams,
    delete_entry,
    initial_order_key,
    name_change_refusal,
    reopening_refusal,
    round_one_start,
    set_later_rating,
    stored_form,
    stored_value_problems,
    team_capacity_problem,
    update_entry,
)
from crosstable_web.events.services.fees import (
    FeeLine,
    FeeReport,
    complete_unit_shares,
    fee_report,
    record_payment,
)
from crosstable_web.events.services.house_player import (
    add_house_player,
    house_player_allowed,
    remove_house_player,
)
from crosstable_web.events.services.organising import (
    ARBITER_HATS,
    create_event,
    create_section,
    grant_role,
    revoke_role,
    set_registration_open,
)
from crosstable_web.events.services.pairing_numbers import (
    NUMBERING_METHODS,
    PAIRING_NUMBERS_BY,
    NumbersForAll,
    assign_all_pairing_numbers,
    assign_pairing_numbers,
)
from crosstable_web.events.services.playing_groups import (
    form_playing_groups,
    pending_playing_groups,
)
from crosstable_web.events.services.refusal import (
    ServiceError,
)

__all__ = [
    "ARBITER_HATS",
    "ENTRY_FIELDS",
    "MAX_RATING",
    "NUMBERING_METHODS",
    "PAIRING_NUMBERS_BY",
    "TPN_FIXED_AFTER_ROUND",
    "EntryChecker",
    "EntryData",
    "FeeLine",
    "FeeReport",
    "NumbersForAll",
    "ServiceError",
    "add_entry",
    "add_house_player",
    "addition_refusal",
    "assign_all_pairing_numbers",
    "assign_pairing_numbers",
    "capacity_counts_teams",
    "complete_unit_shares",
    "create_event",
    "create_section",
    "delete_entry",
    "entry_data_of",
    "fee_report",
    "form_playing_groups",
    "grant_role",
    "house_player_allowed",
    "initial_order_key",
    "name_change_refusal",
    "pending_playing_groups",
    "record_payment",
    "remove_house_player",
    "reopening_refusal",
    "revoke_role",
    "round_one_start",
    "set_later_rating",
    "set_registration_open",
    "stored_form",
    "stored_value_problems",
    "team_capacity_problem",
    "update_entry",
]
