"""Select boxes and check boxes written straight to HTML: a settings page shows thousands of
options (each section's tie-break boxes), too many for one template rendering each.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.forms.utils import flatatt
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe


class QuickSelect(forms.Select):
    """A select box written straight to HTML: a settings page shows thousands of options
    (each section's tie-break boxes), too many for one template rendering each."""

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        chosen = {str(v) for v in (value if isinstance(value, list | tuple) else [value])}
        attributes = {**self.attrs, **(attrs or {}), "name": name}
        options = "".join(
            format_html(
                '<option value="{}"{}>{}</option>',
                code,
                mark_safe(" selected") if str(code) in chosen else "",
                words,
            )
            for code, words in self.choices
        )
        return format_html("<select{}>{}</select>", flatatt(attributes), mark_safe(options))


class QuickCheckboxes(forms.CheckboxSelectMultiple):
    """Checkboxes written straight to HTML (as :class:`QuickSelect`)."""

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        chosen = {str(v) for v in (value or [])}
        stem = (attrs or {}).get("id", name)
        boxes = "".join(
            format_html(
                '<label for="{}_{}"><input type="checkbox" name="{}" value="{}" id="{}_{}"{}> '
                "{}</label> ",
                stem,
                number,
                name,
                code,
                stem,
                number,
                mark_safe(" checked") if str(code) in chosen else "",
                words,
            )
            for number, (code, words) in enumerate(self.choices)
        )
        return format_html('<span class="choices">{}</span>', mark_safe(boxes))
