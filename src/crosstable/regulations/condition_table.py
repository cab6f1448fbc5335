"""A ``where`` condition table (``[...where]``): which entries a discount, sub-ranking or prize
is about — attributes, ratings, ages, grades compared, all of them or any."""

from __future__ import annotations

from crosstable.message import Message
from crosstable.regulations.reader import (
    TableReader,
    describe,
)
from crosstable.regulations.schema import (
    Condition,
    Operator,
    Where,
)


def read_where(reader: TableReader, name: str) -> Where:
    table = reader.table(name)
    if table is None:
        return ()
    conditions = []
    for attribute in list(table.data):
        value = table.raw(attribute)
        if attribute in ("born_on_or_after", "born_on_or_before"):
            operator = Operator.AT_LEAST if attribute.endswith("after") else Operator.AT_MOST
            date = table.to_date(attribute, value)
            conditions.append(Condition("birth_date", operator, date))
        elif isinstance(value, dict):
            ops = table.child(value, attribute)
            for op_name in ("at_least", "at_most", "below"):
                if ops.has(op_name):
                    bound = ops.raw(op_name)
                    if isinstance(bound, bool) or not isinstance(bound, int):
                        raise ops.error(
                            op_name,
                            Message("expected a number, got %(value)s", value=describe(bound)),
                        )
                    conditions.append(Condition(attribute, Operator(op_name), bound))
            ops.finish()
        elif isinstance(value, list):
            conditions.append(Condition(attribute, Operator.IN, tuple(value)))
        elif isinstance(value, (str, int, bool)):
            conditions.append(Condition(attribute, Operator.EQUALS, value))
        else:
            raise table.error(
                attribute,
                Message("unsupported condition value %(value)s", value=describe(value)),
            )
    return tuple(conditions)
