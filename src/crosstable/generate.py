"""Seeded random tournaments: a configuration (players, rounds, result rates, point system)
turned into a complete ``Tournament``, paired round by round by a given pairing function.

This is the project's Random Tournament Generator (the RTG of the FIDE endorsement
procedure, C.02.03 §7 and its verification checklist): its files feed the pairing and
tie-break checker (``crosstable check``). Results come from a rating model (the Elo
expectancy); requested byes (full-point, half-point, zero-point), forfeits, unusual results
(½–0, 0–½, 0–0), withdrawals and late entries from the configured rates or counts; Baku
acceleration and a tie-break list (written with the ranks it gives) on request. Everything
random is drawn through ``random()`` only, the one method whose sequence Python guarantees
across versions, so the same seed and configuration give the same tournament. The draws of
the options added later (counts, full-point byes, unusual results) come from a second
stream, so a configuration without them gives the tournament it always gave.

The configuration file is TOML; docs/cli/engine.md lists the keys.
"""

from __future__ import annotations

import dataclasses
import random
import tomllib
from collections.abc import Callable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

from crosstable.model import Colour, Player, ResultCode, RoundEntry, ScoringSystem, Tournament
from crosstable.pairing.acceleration import baku_accelerations
from crosstable.pairing.base import RoundPairing
from crosstable.tiebreaks.descriptor import DescriptorError, parse_descriptor_list
from crosstable.tiebreaks.registry import UnknownTiebreakError, lookup

PairFunction = Callable[[Tournament, int], RoundPairing]
"""Pairs round ``round_number`` of a tournament whose earlier rounds are recorded."""

_Item = TypeVar("_Item")

MAX_PLAYERS = 100_000
"""Beyond any real event (a TRF file holds at most 9,999: its pairing numbers have four
digits; the writer, not the generator, enforces that)."""

DOUBLE_FORFEIT_SHARE = 0.1
"""Of the forfeited games, the share in which neither player turned up."""


class GeneratorConfigError(ValueError):
    """A generator configuration that cannot be used; the message names the key."""


class GeneratorError(RuntimeError):
    """The pairing function returned a pairing that does not fit the round."""


@dataclasses.dataclass(frozen=True, slots=True)
class GeneratorConfig:
    """What a random tournament looks like. Rates are probabilities in [0, 1]."""

    players: int = 40
    rounds: int = 9
    draw_rate: float = 0.3
    """Probability of a draw between equally rated players (less for unequal ones)."""
    forfeit_rate: float = 0.0
    """Probability that a paired game is not played (one side, or both, absent)."""
    half_point_bye_rate: float = 0.0
    """Probability that a player requests a half-point bye for a round (never the last)."""
    zero_point_bye_rate: float = 0.0
    """Probability that a player is absent from a round (zero-point bye)."""
    withdrawal_rate: float = 0.0
    """Probability that a player withdraws at some point (after a round, before the last)."""
    late_entry_rate: float = 0.0
    """Probability that a player joins late (misses rounds 1 .. k, k up to half the event)."""
    rating_min: int = 1400
    rating_max: int = 2600
    scoring: ScoringSystem = dataclasses.field(default_factory=ScoringSystem.standard)
    initial_colour: Colour | None = None
    """Colour of the top player in round 1; None draws it from the seed."""
    acceleration: str = "none"
    """"baku": the Baku acceleration (C.04.7), stored as the tournament's accelerations (TRF
    record 250) from the players paired in round 1."""
    full_point_bye_rate: float = 0.0
    """Probability that a player requests a full-point bye for a round (never the last)."""
    unusual_result_rate: float = 0.0
    """Probability that a game played ends ½–0, 0–½ or 0–0 (an arbiter's decision)."""
    full_point_byes: int = 0
    """Full-point byes spread over the event (players and rounds drawn; never the last round)."""
    half_point_byes: int = 0
    """Half-point byes likewise (in addition to ``half_point_bye_rate``)."""
    zero_point_byes: int = 0
    """Zero-point byes likewise (any round)."""
    forfeits: int = 0
    """Games forfeited, spread over the rounds (in addition to ``forfeit_rate``)."""
    unusual_results: int = 0
    """Games ending ½–0, 0–½ or 0–0, spread over the rounds."""
    tiebreaks: tuple[str, ...] = ()
    """Tie-break list (TRF-2026 descriptors): written as record 202, and each player's rank
    as this list gives it (ties shared) in the 001 records."""
    roster: tuple[tuple[str, int], ...] = ()
    """The players as (name, rating), in pairing-number order: a model file's (``engine
    MODEL -g``). Empty: ``players`` players with ratings drawn in ``rating_min..rating_max``."""

    def __post_init__(self) -> None:
        if not 2 <= self.players <= MAX_PLAYERS:
            raise GeneratorConfigError(f"players: {self.players} is not in 2..{MAX_PLAYERS}")
        if not 1 <= self.rounds <= 99:
            raise GeneratorConfigError(f"rounds: {self.rounds} is not in 1..99")
        for name in _RATE_KEYS:
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise GeneratorConfigError(f"{name}: {value} is not a probability in 0..1")
        if self.acceleration not in _ACCELERATIONS:
            raise GeneratorConfigError(
                f"acceleration: expected one of {', '.join(_ACCELERATIONS)}; "
                f"got {self.acceleration!r}"
            )
        if self.acceleration == "baku" and (
            self.scoring.win != 2 * self.scoring.draw or self.scoring.loss != 0
        ):
            raise GeneratorConfigError(
                "acceleration: the Baku method needs a win worth twice a draw and a loss "
                "worth nothing"
            )
        for name in _COUNT_KEYS:
            value = getattr(self, name)
            if not 0 <= value <= MAX_COUNT:
                raise GeneratorConfigError(f"{name}: {value} is not a count in 0..{MAX_COUNT}")
        try:
            for spec in parse_descriptor_list(list(self.tiebreaks)):
                lookup(spec)
        except (DescriptorError, UnknownTiebreakError) as error:
            raise GeneratorConfigError(f"tiebreaks: {error}") from None
        if not 0 <= self.rating_min <= self.rating_max <= 9999:
            raise GeneratorConfigError(
                f"rating_min/rating_max: {self.rating_min}..{self.rating_max} is not a range "
                "within 0..9999"
            )


_RATE_KEYS = (
    "draw_rate",
    "forfeit_rate",
    "half_point_bye_rate",
    "zero_point_bye_rate",
    "withdrawal_rate",
    "late_entry_rate",
    "full_point_bye_rate",
    "unusual_result_rate",
)
_COUNT_KEYS = (
    "full_point_byes",
    "half_point_byes",
    "zero_point_byes",
    "forfeits",
    "unusual_results",
)
MAX_COUNT = 1_000_000
"""A bound on the counts: a count beyond the games or rounds there are is simply all of them."""
_ACCELERATIONS = ("none", "baku")
_INTEGER_KEYS = ("players", "rounds", "rating_min", "rating_max", *_COUNT_KEYS)
_POINT_KEYS = (
    "win",
    "draw",
    "loss",
    "forfeit_win",
    "forfeit_loss",
    "pairing_bye",
    "full_point_bye",
    "half_point_bye",
    "zero_point_bye",
)
_POINT_PRESETS: dict[str, Callable[[], ScoringSystem]] = {
    "standard": ScoringSystem.standard,
    "xiangqi": ScoringSystem.xiangqi,
    "football": ScoringSystem.football,
}
_COLOURS = {"white": Colour.WHITE, "black": Colour.BLACK, "random": None}


def parse_generator_config(text: str, source: str = "<config>") -> GeneratorConfig:
    """Read a TOML generator configuration; errors name ``source`` and the offending key."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise GeneratorConfigError(f"{source}: {error}") from None
    try:
        return config_from_mapping(data)
    except GeneratorConfigError as error:
        raise GeneratorConfigError(f"{source}: {error}") from None


def load_generator_config(path: str | Path) -> GeneratorConfig:
    """Read a TOML generator configuration file (OSError if it cannot be read)."""
    raw = Path(path).read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise GeneratorConfigError(
            f"{path}: not UTF-8 (byte {error.start + 1} cannot be decoded)"
        ) from None
    return parse_generator_config(text, str(path))


def config_from_mapping(data: Mapping[str, Any]) -> GeneratorConfig:
    """Build a configuration from parsed TOML; unknown keys and wrong types are errors."""
    known = {*_INTEGER_KEYS, *_RATE_KEYS, "points", "initial_colour", "acceleration", "tiebreaks"}
    for key in data:
        if key not in known:
            raise GeneratorConfigError(f"unknown key {key!r} (known: {', '.join(sorted(known))})")
    values: dict[str, Any] = {}
    for key in _INTEGER_KEYS:
        if key in data:
            value = data[key]
            if isinstance(value, bool) or not isinstance(value, int):
                raise GeneratorConfigError(f"{key}: expected an integer, got {value!r}")
            values[key] = value
    for key in _RATE_KEYS:
        if key in data:
            value = data[key]
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise GeneratorConfigError(f"{key}: expected a number in 0..1, got {value!r}")
            values[key] = float(value)
    if "initial_colour" in data:
        colour = data["initial_colour"]
        if not isinstance(colour, str) or colour.lower() not in _COLOURS:
            raise GeneratorConfigError(
                f"initial_colour: expected one of white, black, random; got {colour!r}"
            )
        values["initial_colour"] = _COLOURS[colour.lower()]
    if "points" in data:
        values["scoring"] = _scoring_from_value(data["points"])
    if "acceleration" in data:
        acceleration = data["acceleration"]
        if not isinstance(acceleration, str):
            raise GeneratorConfigError(
                f"acceleration: expected one of {', '.join(_ACCELERATIONS)}; got {acceleration!r}"
            )
        values["acceleration"] = acceleration.lower()
    if "tiebreaks" in data:
        values["tiebreaks"] = _tiebreaks_from_value(data["tiebreaks"])
    return GeneratorConfig(**values)


def with_overrides(
    config: GeneratorConfig | None, overrides: Mapping[str, object]
) -> GeneratorConfig:
    """``config`` (None: the defaults) with the keys of ``overrides`` set as a CONFIG file
    would set them (the command line's generator options); errors name the option."""
    try:
        changed = config_from_mapping(dict(overrides))
    except GeneratorConfigError as error:
        raise GeneratorConfigError(f"command line: {error}") from None
    base = config or GeneratorConfig()
    given = {
        field.name: getattr(changed, field.name)
        for field in dataclasses.fields(GeneratorConfig)
        if _key_of(field.name) in overrides
    }
    try:
        return dataclasses.replace(base, **given)
    except GeneratorConfigError as error:
        raise GeneratorConfigError(f"command line: {error}") from None


def _key_of(field: str) -> str:
    """The CONFIG key that sets a field (the point system is ``points``)."""
    return "points" if field == "scoring" else field


def _tiebreaks_from_value(value: object) -> tuple[str, ...]:
    """A tie-break list as TOML gives it: ``"BH/C1,BH,SB"`` or ``["BH/C1", "BH", "SB"]``."""
    if isinstance(value, str):
        return tuple(part.strip() for part in value.split(",") if part.strip())
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return tuple(item.strip() for item in value if item.strip())
    raise GeneratorConfigError(
        'tiebreaks: expected a list such as ["BH/C1", "BH", "SB"] or "BH/C1,BH,SB"'
    )


def _scoring_from_value(value: object) -> ScoringSystem:
    if isinstance(value, str):
        preset = _POINT_PRESETS.get(value.lower())
        if preset is None:
            raise GeneratorConfigError(
                f"points: unknown preset {value!r} (known: {', '.join(_POINT_PRESETS)})"
            )
        return preset()
    if not isinstance(value, dict):
        raise GeneratorConfigError("points: expected a preset name or a table of points")
    points: dict[str, Fraction] = {}
    for key, raw in value.items():
        if key not in _POINT_KEYS:
            raise GeneratorConfigError(
                f"points.{key}: unknown result (known: {', '.join(_POINT_KEYS)})"
            )
        points[key] = _points_value(f"points.{key}", raw)
    return ScoringSystem(**points)


def _points_value(key: str, raw: object) -> Fraction:
    if isinstance(raw, bool) or not isinstance(raw, int | float | str):
        raise GeneratorConfigError(f'{key}: expected a number such as 1, 0.5 or "1/2"')
    try:
        points = Fraction(str(raw))
    except (ValueError, ZeroDivisionError):
        raise GeneratorConfigError(f"{key}: {raw!r} is not a number") from None
    if points < 0 or points * 10 != int(points * 10):
        raise GeneratorConfigError(f"{key}: {raw!r} is not a non-negative multiple of 0.1")
    return points


def config_from_model(model: Tournament, source: str = "<model>") -> GeneratorConfig:
    """``engine MODEL -g``: a tournament like ``model``: its players (names and ratings, in
    pairing-number order), its number of rounds, point system, initial colour and tie-break
    list, and its rates of draws, forfeits, requested byes and withdrawals, as the reference
    engines take them from a model file. Every player needs a rating (the results are drawn
    from the ratings); a player without one is refused, naming the pairing number."""
    players = list(model)
    unrated = [player.pairing_number for player in players if not player.rating]
    if unrated:
        shown = ", ".join(str(number) for number in unrated[:10])
        raise GeneratorConfigError(
            f"{source}: every player of a model file needs a rating; none for {shown}"
        )
    rounds = model.total_rounds or model.rounds_paired
    if rounds < 1:
        raise GeneratorConfigError(f"{source}: the model file gives no round")
    games = draws = forfeits = 0
    requested: dict[ResultCode, int] = {}
    for player in players:
        for entry in player.rounds[:rounds]:
            if entry.opponent is not None:
                games += 1
                if not entry.is_played:
                    forfeits += 1
                elif entry.result in (ResultCode.DRAW, ResultCode.DRAW_UNRATED):
                    draws += 1
            else:
                requested[entry.result] = requested.get(entry.result, 0) + 1
    player_rounds = len(players) * rounds

    def share(count: int, out_of: int) -> float:
        return round(count / out_of, 3) if out_of else 0.0

    return GeneratorConfig(
        players=len(players),
        rounds=rounds,
        draw_rate=share(draws, games - forfeits),
        forfeit_rate=share(forfeits, games),
        half_point_bye_rate=share(requested.get(ResultCode.HALF_POINT_BYE, 0), player_rounds),
        full_point_bye_rate=share(requested.get(ResultCode.FULL_POINT_BYE, 0), player_rounds),
        zero_point_bye_rate=share(requested.get(ResultCode.ZERO_POINT_BYE, 0), player_rounds),
        withdrawal_rate=share(
            sum(player.withdrawn_after_round is not None for player in players), len(players)
        ),
        scoring=model.scoring,
        initial_colour=model.initial_colour,
        tiebreaks=tuple(model.tiebreaks),
        roster=tuple((player.name, player.rating or 0) for player in players),
    )


def random_config(seed: int) -> GeneratorConfig:
    """A configuration drawn from ``seed``, for ``-g`` without a configuration file:
    15 to 215 players, 5 to 13 rounds (never more than a third of the players), and
    moderate rates of draws, forfeits, byes, withdrawals and late entries."""
    rng = random.Random(f"config-{seed}")
    players = 15 + _below(rng, 201)
    rounds = min(5 + _below(rng, 9), max(3, players // 3))
    return GeneratorConfig(
        players=players,
        rounds=rounds,
        draw_rate=round(rng.random() * 0.6, 2),
        forfeit_rate=round(rng.random() * 0.03, 3),
        half_point_bye_rate=round(rng.random() * 0.03, 3),
        zero_point_bye_rate=round(rng.random() * 0.02, 3),
        withdrawal_rate=round(rng.random() * 0.1, 3),
        late_entry_rate=round(rng.random() * 0.05, 3),
    )


def generate_tournament(
    config: GeneratorConfig,
    seed: int,
    pair_function: PairFunction,
    *,
    system_code: str = "",
    name: str | None = None,
    played_rounds: int | None = None,
    games_per_pairing: int = 1,
) -> Tournament:
    """A tournament of ``config.rounds`` rounds paired by ``pair_function``: complete, or
    stopped after ``played_rounds`` rounds (an event in progress).

    ``games_per_pairing``: each pairing is a match of that many games, a round each (the
    Double-Swiss system: 2). Absences then apply to whole matches (C.04.5: byes apply to
    matches only): a player is absent from every game of a match or from none, enters late
    at a match's first game and withdraws after a match's last.

    Raises ``crosstable.pairing.base.PairingError`` if the pairing function finds no
    pairing for some round, and ``GeneratorError`` if it returns a pairing that does not
    pair every present player exactly once.
    """
    rng = random.Random(seed)
    extras = _Extras(config, random.Random(f"{seed}-extras"))
    tournament = Tournament(
        name=name or f"Random tournament, seed {seed}",
        total_rounds=config.rounds,
        scoring=config.scoring,
        system_code=system_code,
        initial_colour=config.initial_colour
        or (Colour.WHITE if rng.random() < 0.5 else Colour.BLACK),
        tiebreaks=list(config.tiebreaks),
    )
    _add_players(tournament, config, rng)
    first_round, last_round = _attendance(config, rng)
    if games_per_pairing > 1:
        first_round, last_round = _whole_matches(
            first_round, last_round, games_per_pairing, config.rounds
        )
    extras.place_byes(first_round, last_round)
    last_played = config.rounds if played_rounds is None else min(played_rounds, config.rounds)
    match_absences: dict[int, ResultCode] = {}
    for round_number in range(1, last_played + 1):
        if (round_number - 1) % games_per_pairing:
            # a later game of the match: the match's absences, nothing drawn anew
            absences = dict(match_absences)
        else:
            absences = _absences(config, round_number, first_round, last_round, rng)
            extras.add_byes(round_number, absences)
            match_absences = dict(absences)
        for number, last in last_round.items():
            if round_number == last + 1:
                tournament.players[number].withdrawn_after_round = last
        if absences:
            tournament.absences[round_number] = dict(absences)
        if round_number == 1 and config.acceleration == "baku":
            # Group A is fixed before round 1, from the players paired in it (C.04.7).
            tournament.accelerations = baku_accelerations(tournament)
        pairing = pair_function(tournament, round_number)
        _check_pairing(tournament, pairing, round_number, absences)
        tournament.absences.pop(round_number, None)
        _record_round(tournament, config, pairing, absences, rng, extras)
    if config.tiebreaks:
        _rank(tournament)
    return tournament


def _rank(tournament: Tournament) -> None:
    """Each player's rank by points and the tournament's tie-break list (C.07 as in force
    since 1 March 2026; players still tied share the rank, as TRF-2026 allows)."""
    from crosstable.standings import StandingsRules, compute_standings

    standings = compute_standings(tournament, StandingsRules.from_text(tournament.tiebreaks))
    for row in standings.rows:
        tournament.players[row.number].rank = row.rank


class _Extras:
    """The options drawn from the second stream: byes, forfeits and unusual results given as
    counts spread over the event, full-point byes and unusual results given as rates. Nothing
    is drawn for an option that is zero."""

    def __init__(self, config: GeneratorConfig, rng: random.Random) -> None:
        self.config = config
        self.rng = rng
        self.byes: dict[int, dict[int, ResultCode]] = {}
        """Round -> player -> the bye placed there by a count."""
        self.forfeits = self._spread(config.forfeits)
        self.unusual = self._spread(config.unusual_results)

    def _spread(self, count: int) -> dict[int, int]:
        """``count`` events each put in a round drawn at random: round -> how many."""
        per_round: dict[int, int] = {}
        for _ in range(count):
            round_number = 1 + _below(self.rng, self.config.rounds)
            per_round[round_number] = per_round.get(round_number, 0) + 1
        return per_round

    def place_byes(self, first_round: Mapping[int, int], last_round: Mapping[int, int]) -> None:
        """Put the counted byes on (player, round) cells drawn among the rounds each player
        takes part in: full- and half-point byes never in the last round, one bye a cell."""
        config = self.config
        for code, count in (
            (ResultCode.FULL_POINT_BYE, config.full_point_byes),
            (ResultCode.HALF_POINT_BYE, config.half_point_byes),
            (ResultCode.ZERO_POINT_BYE, config.zero_point_byes),
        ):
            if not count:
                continue
            last_allowed = config.rounds - (code is not ResultCode.ZERO_POINT_BYE)
            cells = [
                (round_number, number)
                for number in range(1, config.players + 1)
                for round_number in range(
                    first_round.get(number, 1),
                    min(last_round.get(number, config.rounds), last_allowed) + 1,
                )
                if number not in self.byes.get(round_number, {})
            ]
            for round_number, number in _sample(cells, count, self.rng):
                self.byes.setdefault(round_number, {})[number] = code

    def add_byes(self, round_number: int, absences: dict[int, ResultCode]) -> None:
        """This round's absences with the counted byes and the full-point-bye rate added (a
        player already absent keeps that absence)."""
        for number, code in self.byes.get(round_number, {}).items():
            absences.setdefault(number, code)
        rate = self.config.full_point_bye_rate
        if rate and round_number < self.config.rounds:
            for number in range(1, self.config.players + 1):
                if self.rng.random() < rate:
                    absences.setdefault(number, ResultCode.FULL_POINT_BYE)

    def boards_with(self, round_number: int, boards: int) -> tuple[set[int], dict[int, int]]:
        """The boards (0-based) of this round that are forfeited, and those ending in an
        unusual result with which one: 0 ½–0, 1 0–½, 2 0–0."""
        forfeited = set(_sample(list(range(boards)), self.forfeits.get(round_number, 0), self.rng))
        rest = [board for board in range(boards) if board not in forfeited]
        unusual = set(_sample(rest, self.unusual.get(round_number, 0), self.rng))
        if self.config.unusual_result_rate:
            for board in rest:
                if board not in unusual and self.rng.random() < self.config.unusual_result_rate:
                    unusual.add(board)
        return forfeited, {board: _below(self.rng, 3) for board in sorted(unusual)}


def _sample(items: list[_Item], count: int, rng: random.Random) -> list[_Item]:
    """``count`` of ``items`` drawn without repetition (all of them when there are fewer),
    by a partial Fisher–Yates shuffle on ``random()``."""
    pool = list(items)
    chosen = min(count, len(pool))
    for index in range(chosen):
        other = index + _below(rng, len(pool) - index)
        pool[index], pool[other] = pool[other], pool[index]
    return pool[:chosen]


def _below(rng: random.Random, bound: int) -> int:
    """A uniform integer in ``0 .. bound - 1`` using only ``random()`` (stable sequence)."""
    return min(int(rng.random() * bound), bound - 1)


def _add_players(tournament: Tournament, config: GeneratorConfig, rng: random.Random) -> None:
    if config.roster:
        for number, (name, rating) in enumerate(config.roster, start=1):
            tournament.add_player(Player(pairing_number=number, name=name, rating=rating))
        return
    span = config.rating_max - config.rating_min + 1
    ratings = sorted(
        (config.rating_min + _below(rng, span) for _ in range(config.players)), reverse=True
    )
    for number, rating in enumerate(ratings, start=1):
        tournament.add_player(
            Player(pairing_number=number, name=f"Player{number:04d}, Test", rating=rating)
        )


def _attendance(
    config: GeneratorConfig, rng: random.Random
) -> tuple[dict[int, int], dict[int, int]]:
    """Late entries (first round played, >1) and withdrawals (last round played)."""
    first_round: dict[int, int] = {}
    last_round: dict[int, int] = {}
    latest_entry = max(2, config.rounds // 2)
    for number in range(1, config.players + 1):
        if config.rounds >= 2 and rng.random() < config.late_entry_rate:
            first_round[number] = 2 + _below(rng, latest_entry - 1)
        if config.rounds >= 3 and rng.random() < config.withdrawal_rate:
            earliest = first_round.get(number, 1)
            if earliest < config.rounds - 1:
                last_round[number] = earliest + _below(rng, config.rounds - 1 - earliest)
    return first_round, last_round


def _whole_matches(
    first_round: Mapping[int, int], last_round: Mapping[int, int], games: int, rounds: int
) -> tuple[dict[int, int], dict[int, int]]:
    """Late entries moved to the next match's first game and withdrawals to the end of the
    match they fall in (a withdrawal in the last match is dropped)."""
    first = {number: r + (games - (r - 1) % games) % games for number, r in first_round.items()}
    first = {number: r for number, r in first.items() if r <= rounds}
    last = {number: r + (games - r % games) % games for number, r in last_round.items()}
    last = {number: r for number, r in last.items() if r < rounds and r >= first.get(number, 1)}
    return first, last


def _absences(
    config: GeneratorConfig,
    round_number: int,
    first_round: Mapping[int, int],
    last_round: Mapping[int, int],
    rng: random.Random,
) -> dict[int, ResultCode]:
    """Who does not take part in the pairing of this round, and with which result."""
    absences: dict[int, ResultCode] = {}
    for number in range(1, config.players + 1):
        if round_number < first_round.get(number, 1) or round_number > last_round.get(
            number, config.rounds
        ):
            absences[number] = ResultCode.ZERO_POINT_BYE
            continue
        draw = rng.random()
        if round_number < config.rounds and draw < config.half_point_bye_rate:
            absences[number] = ResultCode.HALF_POINT_BYE
        elif draw < config.half_point_bye_rate + config.zero_point_bye_rate:
            absences[number] = ResultCode.ZERO_POINT_BYE
    return absences


def _check_pairing(
    tournament: Tournament,
    pairing: RoundPairing,
    round_number: int,
    absences: Mapping[int, ResultCode],
) -> None:
    paired = [number for board in pairing.boards for number in (board.white, board.black)]
    if pairing.bye is not None:
        paired.append(pairing.bye)
    expected = {number for number in tournament.players if number not in absences}
    if len(paired) != len(set(paired)) or set(paired) != expected:
        missing = sorted(expected - set(paired))
        extra = sorted(set(paired) - expected)
        raise GeneratorError(
            f"round {round_number}: the pairing does not pair each present player once "
            f"(unpaired: {missing[:10]}, not expected: {extra[:10]})"
        )


def _record_round(
    tournament: Tournament,
    config: GeneratorConfig,
    pairing: RoundPairing,
    absences: Mapping[int, ResultCode],
    rng: random.Random,
    extras: _Extras,
) -> None:
    round_number = pairing.round_number
    players = tournament.players
    forfeited, unusual = extras.boards_with(round_number, len(pairing.boards))
    for index, board in enumerate(pairing.boards):
        white_result, black_result = _game_result(
            players[board.white].rating, players[board.black].rating, config, rng
        )
        if index in forfeited:
            white_result, black_result = _FORFEITS[_below(extras.rng, len(_FORFEITS))]
        elif index in unusual:
            white_result, black_result = _UNUSUAL[unusual[index]]
        players[board.white].set_entry(
            round_number, RoundEntry(board.black, Colour.WHITE, white_result)
        )
        players[board.black].set_entry(
            round_number, RoundEntry(board.white, Colour.BLACK, black_result)
        )
    if pairing.bye is not None:
        players[pairing.bye].set_entry(round_number, RoundEntry.absent(ResultCode.PAIRING_BYE))
    for number, code in absences.items():
        players[number].set_entry(round_number, RoundEntry.absent(code))


_FORFEITS = (
    (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
    (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS),
)
"""A counted forfeit: White's, Black's or both players' (drawn with equal chances)."""
_UNUSUAL = (
    (ResultCode.DRAW, ResultCode.LOSS),
    (ResultCode.LOSS, ResultCode.DRAW),
    (ResultCode.LOSS, ResultCode.LOSS),
)
"""½–0, 0–½, 0–0: a game played, scored as the arbiter decided (TRF: ``=``/``0`` per side)."""


def _game_result(
    white_rating: int, black_rating: int, config: GeneratorConfig, rng: random.Random
) -> tuple[ResultCode, ResultCode]:
    """White's and Black's results: a forfeit, or a game drawn from the Elo expectancy."""
    if rng.random() < config.forfeit_rate:
        side = rng.random()
        if side < DOUBLE_FORFEIT_SHARE:
            return ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS
        if side < (1 + DOUBLE_FORFEIT_SHARE) / 2:
            return ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS
        return ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN
    expected = 1.0 / (1.0 + 10.0 ** ((black_rating - white_rating) / 400.0))
    draw_probability = config.draw_rate * 2.0 * min(expected, 1.0 - expected)
    outcome = rng.random()
    if outcome < expected - draw_probability / 2:
        return ResultCode.WIN, ResultCode.LOSS
    if outcome < expected + draw_probability / 2:
        return ResultCode.DRAW, ResultCode.DRAW
    return ResultCode.LOSS, ResultCode.WIN
