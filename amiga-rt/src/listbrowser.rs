//! listbrowser.gadget node lists (gadgets/listbrowser.h): an exec
//! `struct List` whose nodes come from `AllocListBrowserNodeA` and go
//! with `FreeListBrowserList` (listbrowser.gadget library calls, LVOs in
//! os-functions.toml). The list header lives in linear memory at a fixed
//! address (boxed); the nodes are the class's own memory.
use crate::be::Be16;
use crate::library::Library;
use crate::tags::Tags;
use crate::{mem, sys};
use alloc::boxed::Box;
use alloc::vec::Vec;

/// A node list for `LISTBROWSER_Labels` (freed on drop: detach it from
/// the gadget first, `LISTBROWSER_Labels ~0`).
pub struct NodeList<'a> {
    lib: &'a Library,
    /// exec/lists.h `struct List`: lh_Head, lh_Tail, lh_TailPred (longs),
    /// lh_Type, l_pad (bytes): 14 bytes as 7 big-endian words.
    header: Box<[Be16; 7]>,
    nodes: Vec<u32>,
}

impl<'a> NodeList<'a> {
    /// An empty list (`NewList`: lh_Head = &lh_Tail, lh_TailPred = &lh_Head).
    /// `lib` is the open listbrowser.gadget.
    pub fn new(lib: &'a Library) -> NodeList<'a> {
        let mut l = NodeList { lib, header: Box::new([Be16::new(0); 7]), nodes: Vec::new() };
        let base = l.addr();
        let head = base + 4;
        l.header[0] = Be16::new((head >> 16) as u16);
        l.header[1] = Be16::new(head as u16);
        l.header[4] = Be16::new((base >> 16) as u16);
        l.header[5] = Be16::new(base as u16);
        l
    }

    /// The `struct List *` (absolute).
    pub fn addr(&self) -> u32 {
        mem::abs(self.header.as_ptr())
    }

    /// `AllocListBrowserNodeA(columns, tags)` appended with `AddTail`;
    /// false when out of memory.
    pub fn add(&mut self, columns: u32, tags: &Tags) -> bool {
        let t = tags.done();
        // SAFETY: t is TAG_DONE-terminated; texts it points to are copied
        // (LBNCA_CopyText) or outlive the list (caller).
        let node = unsafe { sys::listbrowser_AllocListBrowserNodeA(self.lib.base(), columns, t.as_ptr() as *const u8) };
        if node == 0 {
            return false;
        }
        // SAFETY: the header is an initialised list in linear memory at a
        // fixed address; node is a fresh node in no list.
        unsafe { sys::exec_AddTail(self.header.as_ptr() as *const u8, node) };
        self.nodes.push(node);
        true
    }

    /// The position of `node` in the list (`LISTBROWSER_SelectedNode` → row).
    pub fn index_of(&self, node: u32) -> Option<usize> {
        self.nodes.iter().position(|&n| n == node && n != 0)
    }

    /// The nodes in list order.
    pub fn nodes(&self) -> &[u32] {
        &self.nodes
    }

    /// `LBNA_Flags` of node `i` (`GetListBrowserNodeAttrsA`), e.g. whether
    /// the user folded its branch; `None` past the end. Read it while the
    /// list is attached to no gadget or before it is changed.
    pub fn flags(&self, i: usize) -> Option<u32> {
        let node = *self.nodes.get(i)?;
        let store = Box::new(crate::be::Be32::new(0));
        let tags = Tags::new().tag(amiga_ndk::reaction::LBNA_Flags, mem::abs(&*store as *const crate::be::Be32));
        let t = tags.done();
        // SAFETY: node is a live node of this list; t is TAG_DONE-
        // terminated and its one data word points at store, a ULONG in
        // linear memory that outlives the call.
        unsafe { sys::listbrowser_GetListBrowserNodeAttrsA(self.lib.base(), node, t.as_ptr() as *const u8) };
        Some(store.get())
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True without nodes.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

impl Drop for NodeList<'_> {
    fn drop(&mut self) {
        if !self.nodes.is_empty() {
            // SAFETY: every node came from AllocListBrowserNodeA and is in
            // this list; the gadget has let go of it (caller detached it).
            unsafe { sys::listbrowser_FreeListBrowserList(self.lib.base(), self.header.as_ptr() as *const u8) };
        }
    }
}
