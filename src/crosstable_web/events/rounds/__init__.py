"""Running rounds: pair, un-pair, results, forfeits, byes, withdrawals, manual changes.

Each public function is one transaction that first locks the section row, so two arbiters
working on one section are serialised and nothing is lost; a failure part-way (e.g. in the
pairing engine) leaves nothing written. Pairing is the exception: the engine runs before the
transaction, which then checks that nothing changed meanwhile (:func:`pair_next_round`).

One module per step: ``pairing`` (pair, un-pair, pair every section, pairs kept apart),
``results`` (results typed, entered and corrected), ``absences`` (byes, withdrawals, the forfeit
rule); beside them the manual changes (``manual_pairing``), the rules' warnings
(``rule_warnings``), FIDE mode (``fide_mode``), what a round page shows (``round_facts``), a
section's notation (``notation``) and how a view runs a service (``acting``). Callers use this
package's names (``rounds.pair_next_round``).
"""

from crosstable_web.events.rounds.absences import (
    FULL_POINT_BYE_NOTE,
    AutomaticWithdrawal,
    expel,
    forfeit_rule,
    request_bye,
    withdraw,
)
from crosstable_web.events.rounds.pairing import (
    FALLBACK_SYSTEM,
    FORFEITS,
    PAIRING_ATTEMPTS,
    STAND_IN_SYSTEM,
    PairAllLine,
    PairingFunction,
    StoredWarning,
    engine_pairing,
    last_round,
    pair_all_preview,
    pair_all_problems,
    pair_all_sections,
    pair_next_round,
    pairing_function,
    pairing_warnings_of,
    pending_boards,
    set_prohibited_pair,
    unpair_round,
    warning_text,
)
from crosstable_web.events.rounds.results import (
    FOUL_LETTERS,
    RATING_CORRECTION_NOTE,
    ResultChange,
    correct_for_rating_report,
    correction_warnings,
    enter_result,
    foul_letter,
    parse_result,
    record_result,
    result_label,
    set_fouls,
    undo_result,
)

__all__ = [
    "FALLBACK_SYSTEM",
    "FORFEITS",
    "FOUL_LETTERS",
    "FULL_POINT_BYE_NOTE",
    "PAIRING_ATTEMPTS",
    "RATING_CORRECTION_NOTE",
    "STAND_IN_SYSTEM",
    "AutomaticWithdrawal",
    "PairAllLine",
    "PairingFunction",
    "ResultChange",
    "StoredWarning",
    "correct_for_rating_report",
    "correction_warnings",
    "engine_pairing",
    "enter_result",
    "expel",
    "forfeit_rule",
    "foul_letter",
    "last_round",
    "pair_all_preview",
    "pair_all_problems",
    "pair_all_sections",
    "pair_next_round",
    "pairing_function",
    "pairing_warnings_of",
    "parse_result",
    "pending_boards",
    "record_result",
    "request_bye",
    "result_label",
    "set_fouls",
    "set_prohibited_pair",
    "undo_result",
    "unpair_round",
    "warning_text",
    "withdraw",
]
