//! WBLAUNCH's Workbench start, the code of the part
//! `GadgetScope.wblaunch` ([`crate::WBLAUNCH_PART`]): loaded for the verb
//! and unloaded after it, so that an idle host does not hold it
//! (docs/design/parts.md). The resident `AmigaSystem::wb_launch` calls
//! [`start`] through the function table and keeps what it returns; the
//! programs it started are followed by resident code (their
//! `WBStartup` replies, the scratch icon's removal: [`Scratch`]'s
//! `Drop`, a trait impl, whose symbol does not begin with this module's
//! path, so the part's cut leaves it resident).

use alloc::vec::Vec;
use amiga_ndk::dos::ERROR_OBJECT_EXISTS;
use amiga_ndk::path::{icon_path, join_path, split_path};
use amiga_rt::dos::{Dos, NoRequesters};
use amiga_rt::exec::MsgPort;
use amiga_rt::icon::{DiskObject, Icon};
use amiga_rt::workbench::{self, LaunchError, LaunchSpec, Launched};
use gadgetscope_arexx::{error, Error, Rc, Shown};
use gadgetscope_engine::wblaunch::{self as rules, ToolTypeError};

/// Starts the program at `path` as Workbench would (amiga-rt
/// `workbench::launch`), its `WBStartup` replied to `reply`, with the
/// icons `args` as its arguments. With `tooltypes` it reads a scratch
/// copy of its icon with them merged in ([`Scratch`]), removed when it
/// ends. Errors: RC 10 no such program, project or icon, or a bad
/// tooltype; RC 20 the start failed (dos's reason).
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

/// The scratch directory of one WBLAUNCH with tooltype overrides,
/// `T:GadgetScope-launch-<n>` (`RAM:` when `T:` is missing; the first
/// free n of 1..=99), holding a copy of the program's icon with the
/// merged tooltypes; removed (icon, then directory) on drop.
pub struct Scratch<'a> {
    dos: &'a Dos,
    dir: Vec<u8>,
    icon: Vec<u8>,
}

impl<'a> Scratch<'a> {
    /// Makes the directory and writes the icon for `program` there: a
    /// byte-level copy of its `.info` with only the tooltype block
    /// replaced (AROS's icon.library refuses `PutDiskObject()` here),
    /// else icon.library's `PutDiskObject()` for icons that reading
    /// cannot walk (PNG icons). `Err((what, dos error))`.
    fn write(
        dos: &'a Dos,
        program: &[u8],
        d: &DiskObject<'_>,
        tooltypes: &[Vec<u8>],
    ) -> Result<Self, (&'static str, i32)> {
        let base: &[u8] = if dos.exists(b"T:") { b"T:" } else { b"RAM:" };
        let mut made = None;
        let mut last = ERROR_OBJECT_EXISTS;
        for n in 1..=99 {
            let name = rules::scratch_dir_name(base, n);
            match dos.create_dir(&name) {
                // The exclusive lock of CreateDir would keep the program
                // from reading the icon: it goes at once.
                Ok(lock) => {
                    drop(lock);
                    made = Some(name);
                    break;
                }
                Err(ERROR_OBJECT_EXISTS) => continue,
                Err(e) => {
                    last = e;
                    break;
                }
            }
        }
        let dir = made.ok_or(("scratch directory", last))?;
        let (_, name) = split_path(program);
        let target = join_path(&dir, name);
        let s = Scratch { dos, icon: icon_path(&target), dir };
        let copied = dos
            .read_file(icon_path(program), 1 << 20)
            .ok()
            .and_then(|b| rules::replace_tooltypes(&b, tooltypes))
            .is_some_and(|bytes| dos.write_file(&s.icon, &bytes).is_ok());
        if !copied && !d.put_with(&target, tooltypes) {
            return Err(("writing the scratch icon", dos.io_err()));
        }
        Ok(s)
    }
}

impl Drop for Scratch<'_> {
    fn drop(&mut self) {
        let _ = self.dos.delete_path(&self.icon);
        let _ = self.dos.delete_path(&self.dir);
    }
}
