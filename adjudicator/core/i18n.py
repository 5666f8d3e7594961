"""The languages the page and the command line speak: gettext catalogs compiled by Babel
(`adjudicator/locale/<lang>/LC_MESSAGES/messages.mo`, committed beside their `.po`), read
with the standard library's `gettext` so that a command's start-up does not import Babel.

English is the source language: its "catalog" is the identity. Rule codes, record
notation and `--json` keys never pass through here, so records read the same in any
language.
"""

from __future__ import annotations

import contextvars
import functools
import gettext as _gettext
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Self, TypeVar, cast

from adjudicator.core.german import shown_names

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "messages"
#: The languages there is a catalog for, the source language first.
LANGUAGES: tuple[str, ...] = ("en", "de")
DEFAULT = "en"
#: What the language menu calls each language, in that language.
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "de": "Deutsch"}

T = TypeVar("T")

#: The language of the current context: the command line sets it once at its start; the
#: web sets it per request (`web.i18n.PageLanguage`), so two phones served at once by two
#: threads each read their own (Starlette runs sync work in a copy of the context).
_current: contextvars.ContextVar[str] = contextvars.ContextVar("adjudicator_lang", default=DEFAULT)


@functools.cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The catalog of `lang` (an unknown language, or English: the identity)."""
    if lang == DEFAULT or lang not in LANGUAGES:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, str(LOCALE_DIR), languages=[lang], fallback=True)


def known(lang: str | None) -> str | None:
    """`lang` as one of LANGUAGES (`de`, `de_DE.UTF-8`, `DE-at` -> `de`), or None."""
    if not lang:
        return None
    base = lang.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language gettext itself would choose: LANGUAGE, LC_ALL, LC_MESSAGES, LANG, the
    first set one wins; a language we have no catalog for (C, POSIX, fr) is English."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            # LANGUAGE is a priority list ("de:en"): its first known entry wins.
            for part in value.split(":"):
                lang = known(part)
                if lang is not None:
                    return lang
            return DEFAULT
    return DEFAULT


def set_language(lang: str) -> contextvars.Token[str]:
    """The language the current context speaks from now on (`--lang`, or the environment;
    a web request's). The token puts the one before back (`reset_language`)."""
    return _current.set(known(lang) or DEFAULT)


def reset_language(token: contextvars.Token[str]) -> None:
    _current.reset(token)


def language() -> str:
    return _current.get()


def _(message: str) -> str:
    """`message` in the current context's language ("" stays "": gettext would answer the
    catalog's header)."""
    return translations(_current.get()).gettext(message) if message else message


def N_(message: str) -> str:
    """Marks `message` for extraction where it is defined; it is translated where shown."""
    return message


class Message(str):
    """A sentence for players made of a template and its values: its text is the English
    (what `str()`, equality, hashing and `--json` see, so records, tests and JSON read the
    same in any language); `shown` translates the template and the values that are
    themselves messages where the sentence is shown. The template is marked with `N_` where
    it is written, for `pybabel extract`: `Message(N_("card {card} is not in {player}'s
    hand"), card=12, player="ann")`."""

    template: str
    values: Mapping[str, object]

    def __new__(cls, template: str, /, **values: object) -> Self:
        self = str.__new__(cls, template.format_map(values))
        # a str subclass takes no slots of its own: the two fields live in its __dict__,
        # written once here (straight into it: the rules make many) and refused afterwards
        # (`__setattr__`); `values` is the call's own dict, read through a proxy
        fields = self.__dict__
        fields["template"] = template
        fields["values"] = MappingProxyType(values)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Message is not changed ({name})")

    def __reduce__(self) -> tuple[object, ...]:  # pickled by its parts (worker processes)
        return (_rebuilt, (type(self), self.template, dict(self.values)))

    def __repr__(self) -> str:
        return f"Message({self.template!r}, {dict(self.values)!r})"


def _rebuilt(kind: type[Message], template: str, values: dict[str, object]) -> Message:
    return kind(template, **values)


class Sentence(Message):
    """A Message that opens with a capital letter in every language (`the most points` is
    `The most points ...` at a sentence's head; German nouns keep theirs)."""

    def __new__(cls, template: str, /, **values: object) -> Sentence:
        self = super().__new__(cls, template, **values)
        text = str.__str__(self)
        if text[:1].isupper() or not text:
            return self
        capital = str.__new__(cls, text[:1].upper() + text[1:])
        capital.__dict__.update(self.__dict__)
        return capital


def clauses(parts: Sequence[str], joint: str = "; ") -> str:
    """`parts` joined by `joint`, each kept as the message it is (translated where shown)."""
    if not parts:
        return ""
    joined = parts[0]
    for part in parts[1:]:
        joined = Message("{head}" + joint.replace("{", "{{") + "{part}", head=joined, part=part)
    return joined


class Name(str):
    """A thing's name in a sentence (a building in a reason): its English text, with its id
    and the data files whose `[german]` tables name it (`core.german`), so that `shown`
    says it as the German cards print it."""

    ident: str
    files: tuple[str, ...]

    def __new__(cls, text: str, ident: str, files: tuple[str, ...]) -> Name:
        self = str.__new__(cls, text)
        fields = self.__dict__  # written once here, as Message's
        fields["ident"] = ident
        fields["files"] = files
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Name is not changed ({name})")

    def __reduce__(self) -> tuple[object, ...]:
        return (Name, (str.__str__(self), self.ident, self.files))

    def __repr__(self) -> str:
        return f"Name({str.__str__(self)!r}, {self.ident!r})"

    def said(self, lang: str) -> str:
        return shown_names(self.files, lang).get(self.ident, str.__str__(self))


def shown(text: str, lang: str | None = None) -> str:
    """`text` as a player of `lang` (default: the context's language) reads it: a Message's
    template through the catalog, its values that are messages likewise; other text as is
    (a name, a number: the catalog has nothing to say of them)."""
    lang = language() if lang is None else lang
    if isinstance(text, Name):
        return text.said(lang)
    if not isinstance(text, Message):
        return text
    if lang == DEFAULT:
        return str.__str__(text)
    values = {
        k: shown(v, lang) if isinstance(v, Message | Name) else v for k, v in text.values.items()
    }
    said = translations(lang).gettext(text.template).format_map(values)
    return said[:1].upper() + said[1:] if isinstance(text, Sentence) else said


def translated(data: T, lang: str | None = None) -> T:
    """`data` (a page's JSON, a view) with each Message in it `shown` in `lang`: the page
    reads a ruling's reasons in its seat's language, while the command line's `--json`
    (which never passes here) stays English. Dicts, lists and tuples are walked; the
    result has the same shape (a Message becomes the str it reads as)."""
    if isinstance(data, Message | Name):
        return cast(T, shown(data, lang))
    if isinstance(data, dict):
        return cast(T, {k: translated(v, lang) for k, v in data.items()})
    if isinstance(data, list):
        return cast(T, [translated(v, lang) for v in data])
    if isinstance(data, tuple) and type(data) is tuple:  # a named tuple is left whole
        return cast(T, tuple(translated(v, lang) for v in data))
    return data
