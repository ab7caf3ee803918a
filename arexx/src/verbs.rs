//! The verb table: every verb of the command language once, in the order
//! of docs/reference/commands.md's sections, with what is said of it
//! outside its grammar (`command.rs`) and its work (`GsEngine::run`, or
//! `Host::run` for the host's own). The parser finds verbs and their
//! `SCREEN=` rule here, the host dispatches and holds by it, VERSION lists
//! it; the tests check the parser, the dispatch and commands.md against
//! it. docs/architecture.md, "Adding a verb".

/// Who carries out a verb's command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runs {
    /// The host itself: it keeps the session (VERSION, AUTH, MANIFEST,
    /// LASTERROR, QUIT) or refuses the line (FSPUT over ARexx; over the
    /// wire its data goes to `Engine::fs_put`).
    Host,
    /// The engine: `Engine::run`.
    Engine,
}

/// One row of the table: what the program needs of a verb at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VerbInfo {
    /// The verb.
    pub verb: Verb,
    /// Its name, upper case.
    pub name: &'static str,
    /// Who carries it out.
    pub runs: Runs,
    /// Its place in AmiPilot 1.1's handshake (VERSION's `STABLE` line),
    /// 1 to [`AMIPILOT_VERBS`]; 0 for GadgetScope's own, listed after
    /// those in the table's order.
    pub amipilot: u8,
    /// It takes `SCREEN=` right after the verb (and nowhere else).
    pub screen: bool,
    /// It may be held ([`crate::Outcome::Pending`]), so it is refused
    /// while [`crate::HELD_MAX`] messages are held.
    pub waits: bool,
}

/// How many verbs AmiPilot 1.1 has (its server/WIRE.md, "Handshake").
pub const AMIPILOT_VERBS: u8 = 27;

macro_rules! verbs {
    ($($v:ident {
        name: $n:literal, runs: $runs:ident, amipilot: $ap:literal, screen: $screen:literal, waits: $waits:literal,
        template: $template:literal,
        example: $example:literal $(,)?
    })*) => {
        /// The verbs, in the table's order ([`VERBS`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Verb { $(#[doc = concat!("`", $n, "`")] $v),* }

        /// The table: one row per verb, in docs/reference/commands.md's
        /// order; row `i` is the verb whose discriminant is `i`.
        pub static VERBS: &[VerbInfo] = &[$(VerbInfo {
            verb: Verb::$v,
            name: $n,
            runs: Runs::$runs,
            amipilot: $ap,
            screen: $screen,
            waits: $waits,
        }),*];

        // Documentation and test facts: functions, so that a program that
        // never calls them carries none of their text.
        impl Verb {
            /// Its template as commands.md's `Template:` paragraph gives
            /// it (`ReadArgs()` style, without the final full stop).
            pub fn template(self) -> &'static str {
                match self { $(Verb::$v => $template),* }
            }
            /// A well-formed command line of it.
            pub fn example(self) -> &'static str {
                match self { $(Verb::$v => $example),* }
            }
        }
    };
}

verbs! {
    Version {
        name: "VERSION", runs: Host, amipilot: 1, screen: false, waits: false,
        template: "(none)",
        example: "VERSION",
    }
    Auth {
        name: "AUTH", runs: Host, amipilot: 23, screen: false, waits: false,
        template: "`PASSWORD/A`",
        example: "AUTH secret",
    }
    Screens {
        name: "SCREENS", runs: Engine, amipilot: 21, screen: false, waits: false,
        template: "(none)",
        example: "SCREENS",
    }
    Tree {
        name: "TREE", runs: Engine, amipilot: 2, screen: true, waits: false,
        template: "`SCREEN/K,WINDOW/A,FULL/S`",
        example: "TREE SCREEN=Workbench \"Demo Main\" FULL",
    }
    Menu {
        name: "MENU", runs: Engine, amipilot: 15, screen: true, waits: false,
        template: "`SCREEN/K,WINDOW/A`",
        example: "MENU \"Demo Main\"",
    }
    Pick {
        name: "PICK", runs: Engine, amipilot: 26, screen: true, waits: false,
        template: "`SCREEN/K`",
        example: "PICK SCREEN=Workbench",
    }
    Click {
        name: "CLICK", runs: Engine, amipilot: 3, screen: true, waits: true,
        template: "`SCREEN/K,WINDOW/A,GADGET/A,EXPECT/K,TIMEOUT/K/N` or `@NAME/A,EXPECT/K,TIMEOUT/K/N`",
        example: "CLICK \"Demo Main\" ROLE=button LABEL=Save EXPECT=NOWINDOW TIMEOUT=5",
    }
    Type {
        name: "TYPE", runs: Engine, amipilot: 4, screen: true, waits: true,
        template: "`SCREEN/K,CLEAR/K,ENTER/K,WINDOW/A,GADGET/A,TEXT/A/F` or `CLEAR/K,ENTER/K,@NAME/A,TEXT/A/F`",
        example: "TYPE CLEAR=YES \"Demo Main\" 12 hello",
    }
    GetText {
        name: "GETTEXT", runs: Engine, amipilot: 5, screen: true, waits: true,
        template: "`SCREEN/K,WINDOW/A,GADGET/A` or `@NAME/A`",
        example: "GETTEXT \"Demo Main\" 12",
    }
    Drag {
        name: "DRAG", runs: Engine, amipilot: 17, screen: true, waits: true,
        template: "`SCREEN/K,WINDOW/A,GADGET/A,DX/A/N,DY/A/N`, `SCREEN/K,WINDOW/A,GADGET/A,TO/S,GADGET/A` or the \
                   same with `@NAME` in place of either gadget",
        example: "DRAG \"Demo Main\" ROLE=slider 10 0",
    }
    WindowMove {
        name: "WINDOWMOVE", runs: Engine, amipilot: 18, screen: true, waits: false,
        template: "`SCREEN/K,WINDOW/A,DX/A/N,DY/A/N`",
        example: "WINDOWMOVE \"Demo Main\" 10 -5",
    }
    WindowSize {
        name: "WINDOWSIZE", runs: Engine, amipilot: 19, screen: true, waits: false,
        template: "`SCREEN/K,WINDOW/A,WIDTH/A/N,HEIGHT/A/N`",
        example: "WINDOWSIZE \"Demo Main\" 320 200",
    }
    MenuPick {
        name: "MENUPICK", runs: Engine, amipilot: 16, screen: true, waits: false,
        template: "`SCREEN/K,WINDOW/A,MENU/A/N,ITEM/A/N,SUB/N`",
        example: "MENUPICK \"Demo Main\" 0 1",
    }
    WaitFor {
        name: "WAITFOR", runs: Engine, amipilot: 20, screen: true, waits: true,
        template: "`SCREEN/K,WINDOW/K,TIMEOUT/K/N`, `SCREEN/K,NOWINDOW/K,TIMEOUT/K/N`, \
                   `SCREEN/K,REQUESTER/S,TIMEOUT/K/N`, or `SCREEN/K,WINDOW/A,GADGET/A,TEXT/K,TIMEOUT/K/N` / \
                   `@NAME/A,TEXT/K,TIMEOUT/K/N`",
        example: "WAITFOR WINDOW=Demo TIMEOUT=5",
    }
    Manifest {
        name: "MANIFEST", runs: Host, amipilot: 6, screen: false, waits: false,
        template: "`PATH/A`",
        example: "MANIFEST RAM:Demo.manifest",
    }
    Where {
        name: "WHERE", runs: Engine, amipilot: 25, screen: false, waits: true,
        template: "`@NAME/A,TIMEOUT/K/N`",
        example: "WHERE @inner",
    }
    MuiRexx {
        name: "MUIREXX", runs: Engine, amipilot: 24, screen: false, waits: true,
        template: "`BASE/A,TIMEOUT/K/N,COMMAND/A/F`",
        example: "MUIREXX YAM TIMEOUT=5 GETMAILSTATS",
    }
    Launch {
        name: "LAUNCH", runs: Engine, amipilot: 7, screen: false, waits: false,
        template: "`STACK/K/N,COMMAND/A/F`",
        example: "LAUNCH STACK=8192 C:Dir RAM:",
    }
    WbLaunch {
        name: "WBLAUNCH", runs: Engine, amipilot: 14, screen: false, waits: false,
        template: "`ICON/A,TOOLTYPE/K/M,ARG/K/M`",
        example: "WBLAUNCH SYS:Utilities/Clock TOOLTYPE=DIGITAL ARG=RAM:x",
    }
    FsList {
        name: "FSLIST", runs: Engine, amipilot: 8, screen: false, waits: false,
        template: "`PATH/A`",
        example: "FSLIST RAM:Staging",
    }
    FsStat {
        name: "FSSTAT", runs: Engine, amipilot: 9, screen: false, waits: false,
        template: "`PATH/A`",
        example: "FSSTAT RAM:Staging/a",
    }
    FsMkDir {
        name: "FSMKDIR", runs: Engine, amipilot: 10, screen: false, waits: false,
        template: "`PATH/A`",
        example: "FSMKDIR RAM:Staging/new",
    }
    FsDelete {
        name: "FSDELETE", runs: Engine, amipilot: 11, screen: false, waits: false,
        template: "`PATH/A`",
        example: "FSDELETE RAM:Staging/old",
    }
    FsGet {
        name: "FSGET", runs: Engine, amipilot: 12, screen: false, waits: false,
        template: "`PATH/A`",
        example: "FSGET RAM:Staging/a",
    }
    FsPut {
        name: "FSPUT", runs: Host, amipilot: 13, screen: false, waits: false,
        template: "`PATH/A,BYTES/A/N,TIMEOUT/K/N`",
        example: "FSPUT RAM:Staging/b 3 TIMEOUT=5",
    }
    Screenshot {
        name: "SCREENSHOT", runs: Engine, amipilot: 22, screen: false, waits: false,
        template: "`SCREEN/K,WINDOW/K,TO/K`",
        example: "SCREENSHOT WINDOW=Demo TO=RAM:shot.iff",
    }
    LastError {
        name: "LASTERROR", runs: Host, amipilot: 0, screen: false, waits: false,
        template: "(none)",
        example: "LASTERROR",
    }
    Show {
        name: "SHOW", runs: Engine, amipilot: 0, screen: false, waits: false,
        template: "(none)",
        example: "SHOW",
    }
    Hide {
        name: "HIDE", runs: Engine, amipilot: 0, screen: false, waits: false,
        template: "(none)",
        example: "HIDE",
    }
    Highlight {
        name: "HIGHLIGHT", runs: Engine, amipilot: 0, screen: true, waits: true,
        template: "`SCREEN/K,WINDOW/A,GADGET/A` or `@NAME/A`",
        example: "HIGHLIGHT \"Demo Main\" 12",
    }
    Record {
        name: "RECORD", runs: Engine, amipilot: 0, screen: false, waits: false,
        template: "`START/S` or `STOP/S` or `SAVE/S,PATH/A,PYTHON/S`",
        example: "RECORD SAVE RAM:steps.rexx",
    }
    Shown {
        name: "SHOWN", runs: Engine, amipilot: 0, screen: true, waits: false,
        template: "`SCREEN/K,WINDOW/A`",
        example: "SHOWN \"Demo Main\"",
    }
    Quit {
        name: "QUIT", runs: Host, amipilot: 27, screen: false, waits: false,
        template: "(none)",
        example: "QUIT",
    }
}

impl Verb {
    /// SHOW and HIGHLIGHT act through the window (HIDE without one has
    /// nothing to do): with the window's part unloaded, the event loop
    /// loads it before such a command runs (docs/design/parts.md).
    pub fn shows_window(self) -> bool {
        matches!(self, Verb::Show | Verb::Highlight)
    }

    /// Its row of the table.
    pub fn info(self) -> &'static VerbInfo {
        &VERBS[self as usize]
    }

    /// Its name, upper case.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Does it take `SCREEN=` right after the verb?
    pub fn takes_screen(self) -> bool {
        self.info().screen
    }

    /// The verb named `name` (ASCII case-insensitive), if any.
    pub fn from_name(name: &[u8]) -> Option<Verb> {
        VERBS.iter().find(|i| i.name.as_bytes().eq_ignore_ascii_case(name)).map(|i| i.verb)
    }

    /// Every verb in VERSION's `STABLE` order: AmiPilot 1.1's by their
    /// place in its handshake, then GadgetScope's own in the table's
    /// order (docs/reference/amipilot-differences.md #10, #45).
    pub fn stable() -> impl Iterator<Item = Verb> {
        (1..=AMIPILOT_VERBS)
            .chain(core::iter::once(0))
            .flat_map(|place| VERBS.iter().filter(move |i| i.amipilot == place).map(|i| i.verb))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `KEY`s a template takes as `KEY=value` (its `KEY/K…` words).
    fn keyed(template: &str) -> impl Iterator<Item = &str> {
        template
            .split(|c: char| !(c.is_ascii_uppercase() || c == '/' || c == '@'))
            .filter_map(|w| w.split_once('/'))
            .filter(|(_, m)| m.split('/').any(|m| m == "K"))
            .map(|(k, _)| k)
    }

    /// The keys the parser knows are the templates' `KEY/K`s (SCREENSHOT's
    /// `TO=` aside, which is no key elsewhere) and a gadget's locator keys
    /// (docs/reference/commands.md, "Gadgets").
    #[test]
    fn the_parsers_keys_are_the_templates() {
        let mut from_table: Vec<&str> = VERBS
            .iter()
            .flat_map(|i| keyed(i.verb.template()))
            .filter(|&k| k != "TO")
            .chain(["ROLE", "LABEL", "INDEX", "SHOWN", "AT"])
            .collect();
        from_table.sort_unstable();
        from_table.dedup();
        let mut known = crate::command::KEYS.to_vec();
        known.sort_unstable();
        assert_eq!(from_table, known);
    }
}
