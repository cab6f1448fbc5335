"""The criteria of the FIDE (Dutch) system, C.04.3 (2026) Art. 2, as the Dutch engine
(``crosstable.pairing.dutch``) implements them. The engine builds each bracket's weight layout
from this table: the quality criteria's ``fields``, in the table's order, are the fields of the
packed edge weight, most significant first (``tests/core/pairing/test_dutch_criteria.py``
checks that they agree). The local rules of issue 7 (``crosstable.pairing.local_rules``) are
not criteria of the system and are not listed here; the engine inserts their fields.
"""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True, slots=True)
class WeightField:
    """A field of the packed edge weight that counts one criterion's failures."""

    name: str
    per: str = ""
    """"": one field; ``"mdp"``: one per score of the bracket's MDPs (highest first);
    ``"bracket"``: one per score in the bracket (highest first)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Criterion:
    """One pairing criterion of C.04.3 (2026), as the engine implements it."""

    code: str
    article: str
    kind: str
    """``absolute``, ``completion``, ``bye`` or ``quality``."""
    text: str
    implementation: str
    fields: tuple[WeightField, ...] = ()
    """Quality criteria: their weight fields (absolute, completion and bye criteria have none:
    they decide which edges exist)."""


CRITERIA: tuple[Criterion, ...] = (
    Criterion(
        "C1",
        "2.1.1",
        "absolute",
        "Two players shall not play each other more than once.",
        "no edge between players who met over the board (forfeits are not meetings)",
    ),
    Criterion(
        "C2",
        "2.1.2",
        "absolute",
        "PAB only to an eligible player (C.04.1 Art. 4).",
        "the bye vertex has edges only to eligible players",
    ),
    Criterion(
        "C3",
        "2.1.3",
        "absolute",
        "Non-topscorers with the same absolute colour preference shall not meet.",
        "no edge between two such players",
    ),
    Criterion(
        "C4",
        "2.2.1",
        "completion",
        "A legal pairing of all players not yet paired must exist.",
        "every bracket's matching is a perfect matching of all unpaired players",
    ),
    Criterion(
        "C5",
        "2.3.1",
        "bye",
        "Minimise the score of the PAB assignee.",
        "fixed once per round: bye edges only to eligible players of the lowest score "
        "with which a perfect matching exists",
    ),
    Criterion(
        "C6",
        "2.4.1",
        "quality",
        "Minimise the number of downfloaters.",
        "field c6",
        fields=(WeightField("c6"),),
    ),
    Criterion(
        "C7",
        "2.4.2",
        "quality",
        "Minimise the scores of the downfloaters, taken in descending order.",
        "one field per MDP score (highest first): MDPs floating again",
        fields=(WeightField("c7", "mdp"),),
    ),
    Criterion(
        "C8",
        "2.4.3",
        "quality",
        "Choose downfloaters so that the next bracket complies with C1-C7.",
        "fields n8 (downfloaters of the next bracket) and c8 (their scores)",
        fields=(WeightField("n8"), WeightField("c8", "bracket")),
    ),
    Criterion(
        "C9",
        "2.4.4",
        "quality",
        "Minimise the number of unplayed games of the PAB assignee.",
        "field c9 on the bye edge of a player of the current bracket",
        fields=(WeightField("c9"),),
    ),
    Criterion(
        "C10",
        "2.5.1",
        "quality",
        "Minimise topscorers or their opponents whose colour difference goes beyond 2.",
        "field c10, from the colours Art. 5 would allocate",
        fields=(WeightField("c10"),),
    ),
    Criterion(
        "C11",
        "2.5.2",
        "quality",
        "Minimise topscorers or their opponents getting one colour three times running.",
        "field c11",
        fields=(WeightField("c11"),),
    ),
    Criterion(
        "C12",
        "2.5.3",
        "quality",
        "Minimise the players who do not get their colour preference.",
        "field c12",
        fields=(WeightField("c12"),),
    ),
    Criterion(
        "C13",
        "2.5.4",
        "quality",
        "Minimise the players who do not get their strong colour preference.",
        "field c13",
        fields=(WeightField("c13"),),
    ),
    Criterion(
        "C14",
        "2.5.5",
        "quality",
        "Minimise resident downfloaters who downfloated in the previous round.",
        "field c14",
        fields=(WeightField("c14"),),
    ),
    Criterion(
        "C15",
        "2.5.6",
        "quality",
        "Minimise MDP opponents who upfloated in the previous round.",
        "field c15",
        fields=(WeightField("c15"),),
    ),
    Criterion(
        "C16",
        "2.5.7",
        "quality",
        "Minimise resident downfloaters who downfloated two rounds before.",
        "field c16",
        fields=(WeightField("c16"),),
    ),
    Criterion(
        "C17",
        "2.5.8",
        "quality",
        "Minimise MDP opponents who upfloated two rounds before.",
        "field c17",
        fields=(WeightField("c17"),),
    ),
    Criterion(
        "C18",
        "2.5.9",
        "quality",
        "Minimise the score differences of MDPs who downfloated in the previous round.",
        "one field per MDP score: MDPs floating again after a downfloat last round",
        fields=(WeightField("c18", "mdp"),),
    ),
    Criterion(
        "C19",
        "2.5.10",
        "quality",
        "Minimise the score differences of MDP opponents who upfloated in the previous round.",
        "one field per MDP score",
        fields=(WeightField("c19", "mdp"),),
    ),
    Criterion(
        "C20",
        "2.5.11",
        "quality",
        "As C18, two rounds before.",
        "one field per MDP score",
        fields=(WeightField("c20", "mdp"),),
    ),
    Criterion(
        "C21",
        "2.5.12",
        "quality",
        "As C19, two rounds before.",
        "one field per MDP score",
        fields=(WeightField("c21", "mdp"),),
    ),
)

QUALITY_CRITERIA = tuple(criterion for criterion in CRITERIA if criterion.kind == "quality")
"""[C6]-[C21], most significant first: the order of the weight fields."""
