"""The languages the page and the command line speak: gettext catalogs compiled by Babel
(`adjudicator/locale/<lang>/LC_MESSAGES/messages.mo`, committed beside their `.po`), read
with the standard library's `gettext` so that a command's start-up does not import Babel.

English is the source language: its "catalog" is the identity. Rule codes, record
notation and `--json` keys never pass through here, so records read the same in any
language.
"""

from __future__ import annotations

import functools
import gettext as _gettext
import os
from collections.abc import Mapping
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "messages"
#: The languages there is a catalog for, the source language first.
LANGUAGES: tuple[str, ...] = ("en", "de")
DEFAULT = "en"
#: What the language menu calls each language, in that language.
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "de": "Deutsch"}

_current = {"lang": DEFAULT}


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


def set_language(lang: str) -> None:
    """The language the command line speaks from now on (`--lang`, or the environment)."""
    _current["lang"] = known(lang) or DEFAULT


def language() -> str:
    return _current["lang"]


def _(message: str) -> str:
    """`message` in the command line's current language ("" stays "": gettext would
    answer the catalog's header)."""
    return translations(_current["lang"]).gettext(message) if message else message


def N_(message: str) -> str:
    """Marks `message` for extraction where it is defined; it is translated where shown."""
    return message
