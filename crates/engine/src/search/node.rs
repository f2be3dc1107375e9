//! The kinds of node the search meets, as types: [`Worker::search`](super::Worker) is compiled
//! once for each, and what differs between them reads as a constant. The root skips the table's
//! cut-offs and the proven bounds (it must name a move); a node on the principal variation is
//! searched with the full window, without late-move reductions and without taking a table
//! cut-off short of a proof.

/// A kind of node.
pub(crate) trait NodeKind {
    /// The search's first node (ply 0).
    const ROOT: bool;
    /// On the principal variation: searched with the full window.
    const PV: bool;
}

/// The root.
pub(crate) struct Root;
/// A node on the principal variation, below the root.
pub(crate) struct OnPv;
/// A node searched with a null window.
pub(crate) struct OffPv;

impl NodeKind for Root {
    const ROOT: bool = true;
    const PV: bool = true;
}

impl NodeKind for OnPv {
    const ROOT: bool = false;
    const PV: bool = true;
}

impl NodeKind for OffPv {
    const ROOT: bool = false;
    const PV: bool = false;
}
