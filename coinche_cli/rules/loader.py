"""Read rules files: YAML with line numbers, ``extends``, and a validation that reports every
problem at once as ``FILE:LINE: key: reason``.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

from coinche_cli.errors import RulesError
from coinche_cli.messages import msg
from coinche_cli.rules.model import (
    ANNOUNCE_ALIASES,
    ANNOUNCE_KINDS,
    CONDITION_ORDER,
    RANKS,
    SUITS,
    TERMS,
    BeloteTo,
    BothOver,
    Direction,
    EndRule,
    Mode,
    Reach,
    Rounding,
    Rules,
    ScoreTable,
    SideTerms,
    Tie,
    canonical_announce,
    fold_text,
)

_E = TypeVar("_E", bound=StrEnum)
Path_ = tuple[str, ...]
Where = tuple[str, int]  # file, line

RANK_ALIASES = {"V": "J", "D": "Q", "R": "K"}  # valet, dame, roi

# score: made/failed hold side lists directly; the when_* overrides hold outcome -> side lists
_SIDES = {"takers": None, "defenders": None}
_SCORE = {
    "made": _SIDES,
    "failed": _SIDES,
    **{cond: {"made": _SIDES, "failed": _SIDES} for cond in CONDITION_ORDER},
}
# The keys each section accepts; a nested dict is a sub-section.
SCHEMA: dict[str, Any] = {
    "name": None,
    "title": None,
    "source": None,
    "extends": None,
    "players": None,
    "direction": None,
    "cards": {"trump": None, "plain": None, "dix_de_der": None},
    "modes": {
        "suits": {"failure_base": None, "max_bid": None, "belotes": None},
        "SA": {"cards": None, "failure_base": None, "max_bid": None, "belotes": None},
        "TA": {"cards": None, "failure_base": None, "max_bid": None, "belotes": None},
    },
    "bids": {"min": None, "max": None, "step": None, "capot": None, "generale": None},
    "belote": {"value": None, "goes_to": None},
    "announces": {"best_only": None, "values": None},
    "made_if": {"reach_bid_with": None, "min_points": None, "beat_defence": None},
    "multiplier": {"coinche": None, "surcoinche": None, "applies_to": None},
    "score": _SCORE,
    "capot": {"card_points": None, "bonus": None, "bonus_on_capot_bid": None},
    "rounding": {"method": None, "total": None, "last_deal": None},
    "end": {
        "target": None,
        "deals": None,
        "reach": None,
        "both_over": None,
        "tie": None,
        "time_limit": None,
    },
}
REQUIRED = ("name", "players", "cards", "modes", "bids", "multiplier", "score", "end")


def builtin_dir() -> Path:
    """The folder of the built-in rules files (inside the installed package)."""
    import importlib

    # the top-level rules/ folder, installed as coinche_cli.builtin_rules (pyproject.toml)
    try:
        module = importlib.import_module("coinche_cli.builtin_rules")
    except ModuleNotFoundError:  # run from a source checkout: rules/ beside the package
        return Path(__file__).resolve().parent.parent / "rules"
    return Path(str(module.__file__)).parent


# ---------------------------------------------------------------- YAML with positions


class _Document:
    """Plain data from one YAML file, with the line of every key."""

    def __init__(self, data: Any, lines: dict[Path_, Where]) -> None:
        self.data = data
        self.lines = lines


def _read_yaml(path: Path, problems: list[str]) -> _Document | None:
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        problems.append(f"{name}:1: {msg('rules.file_missing')}")
        return None
    import yaml  # only when reading a file: a stored game's rules are JSON

    loader = yaml.SafeLoader(text)
    try:
        root = loader.get_single_node()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 1
        problem = getattr(exc, "problem", None) or str(exc)
        problems.append(f"{name}:{line}: {msg('rules.yaml_syntax', problem=problem)}")
        return None
    finally:
        loader.dispose()
    lines: dict[Path_, Where] = {(): (name, 1)}
    if root is None:
        return _Document({}, lines)

    def build(node: Any, at: Path_) -> Any:
        if isinstance(node, yaml.MappingNode):
            out: dict[str, Any] = {}
            first: dict[str, int] = {}
            for key_node, value_node in node.value:
                key = str(loader.construct_object(key_node))
                line = key_node.start_mark.line + 1
                if key in first:
                    problems.append(
                        f"{name}:{line}: {'.'.join((*at, key))}: "
                        + msg("rules.duplicate_key", first=first[key])
                    )
                    continue
                first[key] = line
                lines[(*at, key)] = (name, line)
                out[key] = build(value_node, (*at, key))
            return out
        if isinstance(node, yaml.SequenceNode):
            return [build(item, at) for item in node.value]
        return loader.construct_object(node)

    return _Document(build(root, ()), lines)


def _merge(parent: _Document, child: _Document) -> _Document:
    """Deep-merge ``child`` over ``parent``: mappings merge, everything else is replaced."""
    replaced: list[Path_] = []

    def walk(base: Any, over: Any, at: Path_) -> Any:
        if isinstance(base, dict) and isinstance(over, dict):
            out = dict(base)
            for key, value in over.items():
                out[key] = walk(base.get(key), value, (*at, key))
            return out
        replaced.append(at)
        return over

    data = walk(parent.data, child.data, ())
    # a replaced subtree keeps none of the parent's lines
    lines = {
        path: where
        for path, where in parent.lines.items()
        if not any(len(path) > len(cut) and path[: len(cut)] == cut for cut in replaced)
    }
    lines.update(child.lines)
    return _Document(data, lines)


def _resolve(name_or_path: str) -> Path | None:
    candidate = Path(name_or_path)
    if candidate.suffix in (".yaml", ".yml") or candidate.exists():
        return candidate
    builtin = builtin_dir() / f"{name_or_path}.yaml"
    return builtin if builtin.exists() else None


def _unknown_name(name: str) -> RulesError:
    from coinche_cli.rules.model import builtin_names

    known = ", ".join(builtin_names())
    return RulesError([msg("rules.unknown_name", name=name, known=known)])


def _load_document(path: Path, problems: list[str], chain: tuple[Path, ...]) -> _Document | None:
    document = _read_yaml(path, problems)
    if document is None or not isinstance(document.data, dict):
        if document is not None:
            got = type(document.data).__name__
            problems.append(f"{path}:1: {msg('rules.not_mapping', got=got)}")
        return None
    parent_name = document.data.get("extends")
    if parent_name is None:
        return document
    where = document.lines[("extends",)]
    parent_path = _resolve(str(parent_name))
    if parent_path is not None and not parent_path.is_absolute():
        parent_path = path.parent / parent_path
    if parent_path is None or not parent_path.exists():
        reason = msg("rules.file_missing")
        problems.append(
            f"{where[0]}:{where[1]}: extends: "
            + msg("rules.extends_missing", parent=parent_name, reason=reason)
        )
        return None
    if parent_path.resolve() in chain:
        names = " -> ".join(p.name for p in (*chain, parent_path))
        cycle = msg("rules.extends_cycle", chain=names)
        problems.append(f"{where[0]}:{where[1]}: extends: {cycle}")
        return None
    parent = _load_document(parent_path, problems, (*chain, parent_path.resolve()))
    if parent is None:
        return None
    parent.data.pop("extends", None)
    merged = _merge(parent, document)
    if "name" not in document.data:  # a child is not its parent: default to its file name
        merged.data["name"] = path.stem
    return merged


def load(name_or_path: str) -> Rules:
    """Load and validate rules by built-in name or file path; raise :class:`RulesError`."""
    path = _resolve(name_or_path)
    if path is None:
        raise _unknown_name(name_or_path)
    problems: list[str] = []
    document = _load_document(path, problems, (path.resolve(),))
    if document is None:
        raise RulesError(problems)
    document.data.pop("extends", None)
    rules = _Validator(document, str(path), problems).build()
    if problems or rules is None:
        raise RulesError(problems)
    return rules


def rules_from_document(data: dict[str, Any], label: str = "<snapshot>") -> Rules:
    """Rebuild rules from a stored snapshot (the ``document`` of a validated :class:`Rules`)."""
    problems: list[str] = []
    lines: dict[Path_, Where] = {(): (label, 1)}
    rules = _Validator(_Document(data, lines), label, problems).build()
    if problems or rules is None:
        raise RulesError(problems)
    return rules


# ---------------------------------------------------------------- validation


class _Validator:
    """Walks a merged document, collecting every problem, and builds the :class:`Rules`."""

    def __init__(self, document: _Document, label: str, problems: list[str]) -> None:
        self.data = document.data
        self.lines = document.lines
        self.label = label
        self.problems = problems

    # -- reporting

    def where(self, at: Path_) -> str:
        for cut in range(len(at), -1, -1):
            if at[:cut] in self.lines:
                file, line = self.lines[at[:cut]]
                return f"{file}:{line}"
        return f"{self.label}:1"

    def fail(self, at: Path_, key: str, **values: Any) -> None:
        self.problems.append(f"{self.where(at)}: {'.'.join(at)}: {msg(key, **values)}")

    def get(self, at: Path_) -> Any:
        node: Any = self.data
        for key in at:
            if not isinstance(node, dict) or key not in node:
                return None
            node = node[key]
        return node

    # -- typed readers (each returns a usable fallback after reporting)

    def check_keys(self, node: Any, schema: dict[str, Any], at: Path_) -> None:
        if not isinstance(node, dict):
            self.fail(at, "rules.not_mapping", got=type(node).__name__)
            return
        for key, value in node.items():
            if key not in schema:
                self.fail((*at, key), "rules.unknown_key", expected=", ".join(schema))
            elif isinstance(schema[key], dict) and value is not None:
                self.check_keys(value, schema[key], (*at, key))

    def integer(
        self, at: Path_, default: int | None = None, *, minimum: int = 0, required: bool = False
    ) -> int | None:
        value = self.get(at)
        if value is None:
            if required:
                self.fail(at, "rules.missing_key")
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(at, "rules.bad_type", expected="a whole number", got=value)
            return default
        if value < minimum:
            self.fail(at, "rules.bad_range", condition=f">= {minimum}", got=value)
            return default
        return value

    def boolean(self, at: Path_, default: bool) -> bool:
        value = self.get(at)
        if value is None:
            return default
        if not isinstance(value, bool):
            self.fail(at, "rules.bad_type", expected="true or false", got=value)
            return default
        return value

    def text(self, at: Path_, default: str) -> str:
        value = self.get(at)
        if value is None:
            return default
        if not isinstance(value, str | int | float):
            self.fail(at, "rules.bad_type", expected="text", got=value)
            return default
        return str(value)

    def choice(self, at: Path_, enum: type[_E], default: _E) -> _E:
        value = self.get(at)
        if value is None:
            return default
        try:
            return enum(str(value))
        except ValueError:
            self.fail(at, "rules.bad_choice", choices=", ".join(e.value for e in enum), got=value)
            return default

    def card_table(self, at: Path_) -> dict[str, int]:
        value = self.get(at)
        if value is None:
            self.fail(at, "rules.missing_key")
            return {}
        if not isinstance(value, dict):
            self.fail(at, "rules.bad_type", expected="a table of card: points", got=value)
            return {}
        table: dict[str, int] = {}
        for raw in value:
            rank = RANK_ALIASES.get(str(raw).upper(), str(raw).upper())
            if rank not in RANKS:
                self.fail((*at, str(raw)), "rules.bad_rank", got=raw)
                continue
            number = self.integer((*at, str(raw)), 0)
            table[rank] = number or 0
        missing = [rank for rank in RANKS if rank not in table]
        if missing and len(table) == len(value):
            self.fail(at, "rules.missing_ranks", missing=" ".join(missing))
        return table

    def terms(
        self,
        at: Path_,
        default: tuple[str | int, ...] = (),
        *,
        allowed: tuple[str, ...] = TERMS,
        numbers: bool = True,
    ) -> tuple[str | int, ...]:
        value = self.get(at)
        if value is None:
            return default
        if not isinstance(value, list):
            self.fail(at, "rules.bad_type", expected="a list of score terms", got=value)
            return default
        out: list[str | int] = []
        for item in value:
            fixed = numbers and isinstance(item, int) and not isinstance(item, bool) and item >= 0
            if fixed or (isinstance(item, str) and item in allowed):
                out.append(item)
            else:
                terms = ", ".join(allowed) + (", or a number" if numbers else "")
                self.fail(at, "rules.bad_term", got=item, terms=terms)
        return tuple(out)

    # -- the whole document

    def build(self) -> Rules | None:
        self.check_keys(self.data, SCHEMA, ())
        for key in REQUIRED:
            if self.get((key,)) is None:
                self.fail((key,), "rules.missing_key")
        name = self.text(("name",), Path(self.label).stem)
        players = self.players()
        trump = self.card_table(("cards", "trump"))
        plain = self.card_table(("cards", "plain"))
        dix = self.integer(("cards", "dix_de_der"), 10) or 0
        bid_min = self.integer(("bids", "min"), 80, required=True) or 0
        bid_max = self.integer(("bids", "max"), 160, required=True) or 0
        bid_step = self.integer(("bids", "step"), 10, minimum=1) or 10
        if bid_max < bid_min or (bid_max - bid_min) % bid_step:
            self.fail(("bids", "max"), "rules.bid_ladder", min=bid_min, max=bid_max, step=bid_step)
        modes = self.modes(trump, plain, dix, bid_max)
        generale = self.integer(("bids", "generale"))
        if generale is not None and players != (4,):
            self.fail(("bids", "generale"), "deal.generale_players")
        announces, labels = self.announces()
        rounding = self.choice(("rounding", "method"), Rounding, Rounding.NONE)
        last_deal = self.get(("rounding", "last_deal"))
        if last_deal not in (None, "rounded", "exact"):
            self.fail(("rounding", "last_deal"), "rules.bad_choice", choices="rounded, exact",
                      got=last_deal)
        if rounding is Rounding.COMPLEMENTARY and players != (4,):
            self.fail(("rounding", "method"), "rules.bad_choice", got=rounding.value,
                      choices="none, five_up, six_up, nearest_five (complementary needs 2 teams)")
        reach = self.terms(("made_if", "reach_bid_with"), ("points", "belote", "announces"),
                           allowed=("points", "belote", "announces"), numbers=False)
        multiplied = self.multiplied()
        belote_to = self.choice(("belote", "goes_to"), BeloteTo, BeloteTo.HOLDER)
        if belote_to is BeloteTo.WINNER and players != (4,):
            self.fail(("belote", "goes_to"), "rules.bad_choice", got=belote_to.value,
                      choices="holder (winner needs two teams)")
        score = self.score_table()
        end = self.end_rule()
        return Rules(
            name=name,
            title=self.text(("title",), name),
            source=self.text(("source",), ""),
            players=players,
            direction=self.choice(("direction",), Direction, Direction.CLOCKWISE),
            dix_de_der=dix,
            trump_cards=trump,
            plain_cards=plain,
            modes=modes,
            bid_min=bid_min,
            bid_max=bid_max,
            bid_step=bid_step,
            capot_value=self.integer(("bids", "capot")),
            generale_value=generale,
            belote_value=self.integer(("belote", "value"), 20) or 0,
            belote_to=belote_to,
            announces=announces,
            announce_names=labels,
            best_announce_only=self.boolean(("announces", "best_only"), True),
            reach_bid_with=tuple(str(t) for t in reach),
            min_points=self.integer(("made_if", "min_points")),
            beat_defence=self.boolean(("made_if", "beat_defence"), False),
            coinche_factors=(
                self.integer(("multiplier", "coinche"), 2, minimum=1) or 2,
                self.integer(("multiplier", "surcoinche"), 4, minimum=1) or 4,
            ),
            multiplied=multiplied,
            score=score,
            capot_card_points=self.integer(("capot", "card_points")),
            capot_bonus=self.integer(("capot", "bonus"), 0) or 0,
            capot_bonus_on_bid=self.boolean(("capot", "bonus_on_capot_bid"), True),
            rounding=rounding,
            rounding_total=self.integer(("rounding", "total"), 160) or 0,
            last_deal_exact=last_deal == "exact",
            end=end,
            document=self.data,
            path=self.label,
        )

    def players(self) -> tuple[int, ...]:
        value = self.get(("players",))
        counts = value if isinstance(value, list) else [value]
        ok = all(isinstance(c, int) and not isinstance(c, bool) for c in counts) and (
            counts == [4] or (counts and set(counts) <= {2, 3} and len(set(counts)) == len(counts))
        )
        if value is not None and not ok:
            self.fail(("players",), "rules.bad_players", got=value)
        return tuple(counts) if ok else (4,)

    def modes(
        self, trump: dict[str, int], plain: dict[str, int], dix: int, bid_max: int
    ) -> dict[str, Mode]:
        section = self.get(("modes",))
        modes: dict[str, Mode] = {}
        if not isinstance(section, dict):
            return modes
        if not section:
            self.fail(("modes",), "rules.no_modes")
        if section.get("suits", 0) is not None and "suits" in section:
            total = sum(trump.values()) + 3 * sum(plain.values()) + dix
            for suit in SUITS:
                modes[suit] = self.mode(("modes", "suits"), suit, total, bid_max, belotes=1)
        for code in ("SA", "TA"):
            if section.get(code) is not None:
                cards = self.card_table(("modes", code, "cards"))
                total = 4 * sum(cards.values()) + dix
                modes[code] = self.mode(("modes", code), code, total, bid_max, belotes=0)
        return modes

    def mode(self, at: Path_, code: str, total: int, bid_max: int, belotes: int) -> Mode:
        return Mode(
            code=code,
            total=total,
            failure_base=self.integer((*at, "failure_base"), total) or 0,
            max_bid=self.integer((*at, "max_bid"), bid_max) or 0,
            belotes=self.integer((*at, "belotes"), belotes) or 0,
        )

    def announces(self) -> tuple[dict[str, int] | None, dict[str, str]]:
        values = self.get(("announces", "values"))
        if self.get(("announces",)) is None or values is None:
            return None, {}
        at = ("announces", "values")
        if not isinstance(values, dict):
            self.fail(at, "rules.bad_type", expected="a table of announce: points", got=values)
            return None, {}
        table: dict[str, int] = {}
        labels: dict[str, str] = {}
        given_as: dict[str, str] = {}
        plain_carres = ("carre-A", "carre-10", "carre-K", "carre-Q")
        # the generic "carre" first, so that "carre-K: 150" overrides it in any order
        ordered = sorted(values, key=lambda raw: fold_text(str(raw)) != "carre")
        for raw in ordered:
            if values[raw] is None:  # "cent: null" in a child file removes the announce
                continue
            canonical = canonical_announce(str(raw))
            if canonical is None:
                known = ", ".join([*ANNOUNCE_KINDS, *ANNOUNCE_ALIASES])
                self.fail((*at, str(raw)), "rules.bad_announce", got=raw, known=known)
                continue
            generic = fold_text(str(raw)) == "carre"
            if canonical in given_as and not generic and given_as[canonical] != "carre":
                self.fail((*at, str(raw)), "rules.same_announce", first=given_as[canonical],
                          second=raw)
                continue
            value = self.integer((*at, str(raw)), 0) or 0
            for member in plain_carres if generic else (canonical,):
                table[member] = value
                labels[member] = "carre" if generic else str(raw)
                given_as[member] = "carre" if generic else str(raw)
        return table, labels

    def multiplied(self) -> frozenset[str]:
        value = self.get(("multiplier", "applies_to"))
        if value == "all":
            return frozenset(TERMS) | {"fixed"}
        # "fixed" multiplies the numbers written in score lists (forfaits)
        terms = self.terms(("multiplier", "applies_to"), ("contract",),
                           allowed=(*TERMS, "fixed"), numbers=False)
        return frozenset(str(t) for t in terms if isinstance(t, str))

    def score_table(self) -> ScoreTable:
        made = SideTerms(self.terms(("score", "made", "takers")),
                         self.terms(("score", "made", "defenders")))
        failed = SideTerms(self.terms(("score", "failed", "takers")),
                           self.terms(("score", "failed", "defenders")))
        overrides: dict[tuple[str, str, str], tuple[str | int, ...]] = {}
        for condition in CONDITION_ORDER:
            for outcome in ("made", "failed"):
                for side in ("takers", "defenders"):
                    at = ("score", condition, outcome, side)
                    if self.get(at) is not None:
                        overrides[(condition, outcome, side)] = self.terms(at)
        return ScoreTable(made=made, failed=failed, overrides=overrides)

    def end_rule(self) -> EndRule:
        target = self.integer(("end", "target"), minimum=1)
        deals = self.integer(("end", "deals"), minimum=1)
        time_limit = self.integer(("end", "time_limit"), minimum=1)
        given = self.get(("end",))
        stated = isinstance(given, dict) and any(
            given.get(key) is not None for key in ("target", "deals", "time_limit"))
        if given is not None and not stated:
            self.fail(("end",), "rules.end_needs_target")
        return EndRule(
            target=target,
            deals=deals,
            reach=self.choice(("end", "reach"), Reach, Reach.AT_LEAST),
            both_over=self.choice(("end", "both_over"), BothOver, BothOver.HIGHER_TOTAL),
            tie=self.choice(("end", "tie"), Tie, Tie.PLAY_ON),
            time_limit=time_limit,
        )

