"""Keys of the regulations described once — what kind of value, what it means in the reader's
words, the seed's own example — and turned into settings fields, read from the file and
written back into it by one piece of code (issue 29).

A :class:`~.description.Rule` names a key of the file (``team.boards`` under each section, or
``deadlines.registration`` for the event), its kind and its words; a
:class:`~.description.RulePart` is a group of them the settings page shows as one form
(:class:`~.form.RulesForm`). The form reads each value from the TOML text as the loader reads
it (a section's value over ``[section_defaults]``'s), shows it, and writes back only what the
organiser changed, with ``events.regulation_edits`` (tomlkit: comments, layout and every other
key stay). The new text goes through the same loader as an uploaded file, so the forms and the
file cannot disagree: the file is the one source, the forms a view of it. A value the engines
cannot run with the section's pairing system is refused at its field with the reason
(:func:`~.engine_checks.engine_refusals`).

The labels are the key words the loader's messages already use
(``crosstable.regulations.key_words``); the choices are the file's code words in the
reader's language (``regulation_messages.code_text``), the tie-breaks the registry's codes
with their words (``events.tiebreak_labels``).

One module per concern: ``description`` (Rule, RulePart), ``widgets`` (select boxes written
straight to HTML), ``values`` (a TOML value as a box shows it and back), ``choices``
(tie-breaks and conditions offered), ``rows`` (tables of rows: sections, prizes, grades),
``engine_checks``, ``form`` (RulesForm); the parts themselves in ``event_parts``,
``section_parts``, ``prize_parts``, ``grade_parts``; ``page`` lists them in the settings
page's order and makes their forms.
"""
