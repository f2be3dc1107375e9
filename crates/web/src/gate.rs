//! The one way the server reaches its database: the games (the session's [`Db`]), the web's own
//! tables ([`WebStore`]), the analyses ([`AnalysisStore`]) and the arena ([`ArenaStore`]) are
//! [`Stores`], which a request's
//! handler or the server's own work gets only inside a closure the gate runs on tokio's blocking
//! threads ([`App::store`], [`App::store_background`]), never on the async workers that serve
//! every connection. Nothing else holds the stores once the server is open: a function that reads
//! or writes the database takes `&Stores`, so it can only be called from within the gate.
//!
//! The sessions of the games in memory write their own plies through the [`Db`] they were given
//! when loaded (`Session::keep_in`); they are played under the game's lock, inside the gate too.

use std::sync::Arc;

use cavalo_arena::ArenaStore;
use cavalo_lab::analysis::store::AnalysisStore;
use cavalo_session::i18n::Lang;
use cavalo_session::store::{Db, StoreError};

use crate::App;
use crate::error::ApiResult;
use crate::offload;
use crate::store::WebStore;

/// The server's database: the games and the stores of the crates above.
pub(crate) struct Stores {
    games: Arc<Db>,
    web: WebStore,
    analyses: AnalysisStore,
    arena: ArenaStore,
}

impl Stores {
    /// The stores of the open games database `db`, their tables brought up to date. Called while
    /// the server opens, before it serves (see [`crate::App::open`]).
    pub(crate) fn open(db: Arc<Db>) -> Result<Stores, StoreError> {
        let web = WebStore::open(db.clone())?;
        let analyses = AnalysisStore::open(db.clone())?;
        let arena = ArenaStore::open(db.clone())?;
        Ok(Stores { games: db, web, analyses, arena })
    }

    /// The games and their plies.
    pub(crate) fn games(&self) -> &Arc<Db> {
        &self.games
    }

    /// The web's games, seats, invitations and retention.
    pub(crate) fn web(&self) -> &WebStore {
        &self.web
    }

    /// The games' analyses.
    pub(crate) fn analyses(&self) -> &AnalysisStore {
        &self.analyses
    }

    /// The arena's programs and games.
    pub(crate) fn arena(&self) -> &ArenaStore {
        &self.arena
    }
}

/// The stores, behind the gate. Cheap to clone.
#[derive(Clone)]
pub(crate) struct Gate {
    stores: Arc<Stores>,
}

impl Gate {
    /// Puts `stores` behind the gate: from now on they are reached only on the blocking threads.
    pub(crate) fn new(stores: Stores) -> Gate {
        Gate { stores: Arc::new(stores) }
    }

    /// Runs `f` with the stores on a blocking thread (see [`offload::blocking`]).
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        lang: Lang,
        f: impl FnOnce(&Stores) -> ApiResult<T> + Send + 'static,
    ) -> ApiResult<T> {
        let stores = self.stores.clone();
        offload::blocking(lang, move || f(&stores)).await
    }

    /// Runs `f` with the stores on a blocking thread for the server's own work (see
    /// [`offload::background`]); `None` when the thread failed (reported).
    pub(crate) async fn background<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Stores) -> T + Send + 'static,
    ) -> Option<T> {
        let stores = self.stores.clone();
        offload::background(move || f(&stores)).await
    }
}

impl App {
    /// Runs `f` with the database on a blocking thread, for a request answered in `lang`: the
    /// server's one way to its database (see the module's documentation).
    pub(crate) async fn store<T: Send + 'static>(
        &self,
        lang: Lang,
        f: impl FnOnce(&Stores) -> ApiResult<T> + Send + 'static,
    ) -> ApiResult<T> {
        self.inner.gate.run(lang, f).await
    }

    /// Runs `f` with the database on a blocking thread, for the server's own work (a game's
    /// driver, the sweeps); `None` when the thread failed (reported).
    pub(crate) async fn store_background<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Stores) -> T + Send + 'static,
    ) -> Option<T> {
        self.inner.gate.background(f).await
    }
}
