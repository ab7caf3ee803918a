//! WBLAUNCH's Workbench start, the code of the part
//! `GadgetScope.wblaunch` ([`crate::WBLAUNCH_PART`]): loaded for the verb
//! and unloaded after it, so that an idle host does not hold it
//! (docs/design/parts.md). The resident `AmigaSystem::wb_launch` calls
//! [`start`] through the function table and keeps what it returns; the
//! programs it started are followed by resident code (their
//! `WBStartup` replies, the scratch icon's removal).

use crate::amiga::Scratch;
use alloc::vec::Vec;
use amiga_ndk::path::icon_path;
use amiga_rt::dos::{Dos, NoRequesters};
use amiga_rt::exec::MsgPort;
use amiga_rt::icon::Icon;
use amiga_rt::workbench::{self, LaunchError, LaunchSpec, Launched};
use gadgetscope_arexx::{error, Error, Rc, Shown};
use gadgetscope_engine::wblaunch::{self as rules, ToolTypeError};

/// Starts the program at `path` as Workbench would (amiga-rt
/// `workbench::launch`), its `WBStartup` replied to `reply`, with the
/// icons `args` as its arguments. With `tooltypes` it reads a scratch
/// copy of its icon with them merged in ([`Scratch`]), removed when it
/// ends. Errors: RC 5 no such program or icon, RC 10 a bad tooltype, RC
/// 20 the start failed (dos's reason).
pub(crate) fn start<'a>(
    dos: &'a Dos,
    reply: &'a MsgPort,
    path: &[u8],
    tooltypes: &[Vec<u8>],
    args: &[Vec<u8>],
) -> Result<Launched<'a, Option<Scratch<'a>>>, Error> {
    let fault = |e: i32| dos.fault_text(e);
    let _quiet = NoRequesters::new();
    let icon = Icon::open().ok();
    let dobj = icon.as_ref().and_then(|i| i.get(path));
    let stack = rules::launch_stack(None, dobj.as_ref().map(|d| d.stack()));
    let scratch = match (tooltypes.is_empty(), &dobj) {
        (true, _) => None,
        (false, None) => return Err(rules::not_found(&icon_path(path), &fault(dos.io_err()))),
        (false, Some(d)) => {
            let merged = rules::merge_tooltypes(&d.tooltypes(), tooltypes).map_err(|e| match e {
                ToolTypeError::Bad(t) => error!(Rc::Error, "TOOLTYPE={} needs KEY=value or KEY", Shown(&t)),
                ToolTypeError::TooMany => Error::new(Rc::Error, "too many tooltypes"),
            })?;
            let s = Scratch::write(dos, path, d, &merged).map_err(|(what, e)| {
                error!(Rc::Failed, "cannot start {}: {what}: {}", Shown(path), Shown(&fault(e)))
            })?;
            Some(s)
        }
    };
    drop(dobj);
    drop(icon);
    let tool_dir = scratch.as_ref().map(|s| s.dir.clone());
    let spec = LaunchSpec { program: path, args, stack, tool_dir: tool_dir.as_deref() };
    workbench::launch(dos, &spec, reply, scratch).map_err(|e| match e {
        LaunchError::NotFound(p, e) => rules::not_found(&p, &fault(e)),
        LaunchError::Failed(what, e) => {
            error!(Rc::Failed, "cannot start {}: {what}: {}", Shown(path), Shown(&fault(e)))
        }
    })
}
