//! The app's state: one [`AppLink`] signal (screen, shared scenario, each
//! screen's view) that every screen reads and writes, mirrored in the URL.
//!
//! History: a discrete change (a click, a select, switching screens) makes
//! one history entry; typing replaces the current entry, once the typing
//! pauses ([`Write::Typing`]); back/forward restore the state of the entry.
//! The decision is data ([`AppState::pending_write`]),
//! so it is tested natively with an `Owner`; [`sync_with_url`] is the thin
//! browser side, and its listener is removed when the app is unmounted.
use leptos::prelude::*;

use crate::domain::catalog::Catalog;
use crate::domain::link::LinkNotice;
use crate::ui::link::{self, AppLink, Screen};
use crate::ui::url::Write;

/// A small `Copy` handle every component can take.
#[derive(Clone, Copy)]
pub struct AppState {
    pub catalog: &'static Catalog,
    pub link: RwSignal<AppLink>,
    /// Notices about the link that opened the page (or was restored).
    pub notices: RwSignal<Vec<LinkNotice>>,
    /// How the next URL write goes into the history.
    next_write: StoredValue<Write>,
}

thread_local! {
    /// What asks the worker for the screens' parts, run in every change of
    /// the link itself ([`crate::ui::worker::client::ask_on_change`]), by
    /// number (a plain list: fewer first-load bytes than a stored value in
    /// the app's state).
    static ASKS: std::cell::RefCell<(usize, Vec<(usize, Ask)>)> =
        std::cell::RefCell::new((0, Vec::new()));
}

/// What asks the worker for a screen's parts.
pub type Ask = std::rc::Rc<dyn Fn()>;

impl AppState {
    /// The state of a link (query string or URL); no browser access.
    pub fn new(catalog: &'static Catalog, query: &str) -> AppState {
        let (l, notices) = link::parse(query, catalog);
        AppState {
            catalog,
            link: RwSignal::new(l),
            notices: RwSignal::new(notices),
            // the first write normalises the address bar in place
            next_write: StoredValue::new(Write::Replace),
        }
    }

    /// Run `ask` right after every change of the link, in the change
    /// itself, until the calling component is gone.
    pub fn on_change(&self, ask: Ask) {
        let id = ASKS.with_borrow_mut(|(next, asks)| {
            *next += 1;
            asks.push((*next, ask));
            *next
        });
        on_cleanup(move || ASKS.with_borrow_mut(|(_, asks)| asks.retain(|(i, _)| *i != id)));
    }

    /// The link has changed: run what asks the worker (reading what it
    /// reads untracked, whatever observer made the change).
    fn changed(&self) {
        // an ask makes no component and drops none: the list stays as it is
        ASKS.with_borrow(|(_, asks)| untrack(|| asks.iter().for_each(|(_, ask)| ask())));
    }

    /// A discrete change (click, select): one history entry.
    pub fn update(&self, f: impl FnOnce(&mut AppLink)) {
        self.next_write.set_value(Write::Push);
        self.link.update(f);
        self.changed();
    }

    /// A change while typing: replaces the current history entry.
    pub fn update_typing(&self, f: impl FnOnce(&mut AppLink)) {
        self.next_write.set_value(Write::Typing);
        self.link.update(f);
        self.changed();
    }

    /// A compare filter change: also goes back to page 1.
    pub fn update_filter(&self, typing: bool, f: impl FnOnce(&mut AppLink)) {
        let g = move |l: &mut AppLink| {
            // a filter edited: what the fields show is what is in force
            l.scenario.no_match.clear();
            f(l);
            l.compare.page = 1;
        };
        if typing {
            self.update_typing(g)
        } else {
            self.update(g)
        }
    }

    /// Show another screen (a history entry; the scenario and every
    /// screen's view stay as they are).
    pub fn go(&self, screen: Screen) {
        if self.link.with_untracked(|l| l.screen) != screen {
            self.update(|l| l.screen = screen);
        }
    }

    /// A link followed inside the app (a link in a worker part): its state
    /// as a new history entry, with its notices, and no reload.
    pub fn open(&self, query: &str) {
        let (l, notices) = link::parse(query, self.catalog);
        self.notices.set(notices);
        self.update(|x| *x = l);
    }

    /// Back/forward: the state of that history entry, with its notices.
    pub fn restore(&self, query: &str) {
        let (l, notices) = link::parse(query, self.catalog);
        self.notices.set(notices);
        self.next_write.set_value(Write::Replace);
        self.link.set(l);
        self.changed();
    }

    /// What the address bar should become: the link, and how it goes
    /// into the history.
    pub fn pending_write(&self) -> (String, Write) {
        (self.link.with(link::write), self.next_write.get_value())
    }
}

/// Keep the address bar and the state in step (browser only): state → URL
/// on every change, URL → state on back/forward. `synthetic` is the
/// test-only catalog factor kept in the URL (`url::SYNTHETIC_KEY`).
pub fn sync_with_url(state: AppState, synthetic: Option<u32>) {
    Effect::new(move |_| {
        let (q, how) = state.pending_write();
        crate::ui::url::write_query(q, synthetic, how);
    });
    let handle = window_event_listener(leptos::ev::popstate, move |_| {
        // a write waiting for the typing to pause was for the entry left
        crate::ui::url::drop_typing();
        let (q, _) = crate::ui::url::split_synthetic(&crate::ui::url::current_query());
        state.restore(&q);
    });
    on_cleanup(move || handle.remove());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::catalog::ProviderId;
    use leptos::prelude::Owner;

    use crate::domain::embedded::test_catalog as catalog;

    /// `v=2&d=<this dataset>` + `rest`: every link the app writes names its data.
    fn link(rest: &str) -> String {
        let d = catalog().version().replace('+', "%2B");
        format!("v=2&d={d}{rest}")
    }

    #[test]
    fn clicks_push_typing_replaces_and_the_first_write_normalises() {
        let owner = Owner::new();
        owner.set();
        let s = AppState::new(catalog(), "p=aws&v=2");
        assert_eq!(s.pending_write(), (link("&p=aws"), Write::Replace));
        s.update(|l| l.scenario.months = 3);
        assert_eq!(s.pending_write(), (link("&m=3&p=aws"), Write::Push));
        s.update_typing(|l| l.scenario.months = 36);
        assert_eq!(s.pending_write(), (link("&m=36&p=aws"), Write::Typing));
    }

    #[test]
    fn switching_screens_keeps_the_scenario_and_views() {
        let owner = Owner::new();
        owner.set();
        let s = AppState::new(catalog(), "v=2&p=azure&m=6&q=nd96&tu=m");
        s.go(Screen::Sources);
        let (q, replace) = s.pending_write();
        assert_eq!(
            q,
            link("&m=6&p=azure&q=nd96&tu=m").replace("v=2&", "v=2&screen=sources&")
        );
        assert_eq!(replace, Write::Push, "switching screens is a history entry");
        s.go(Screen::Compare);
        s.link.with_untracked(|l| {
            assert_eq!(l.scenario.providers, vec![ProviderId::Azure]);
            assert_eq!(l.scenario.months, 6);
            assert_eq!(l.compare.q, "nd96");
        });
        assert_eq!(s.pending_write().0, link("&m=6&p=azure&q=nd96&tu=m"));
    }

    #[test]
    fn back_forward_restores_the_entry_and_its_notices() {
        let owner = Owner::new();
        owner.set();
        let s = AppState::new(catalog(), "v=2");
        s.update(|l| l.scenario.months = 24);
        s.restore("v=2&screen=sources&m=7&bogus=1");
        s.link.with_untracked(|l| {
            assert_eq!(l.screen, Screen::Sources);
            assert_eq!(l.scenario.months, 7);
        });
        assert_eq!(s.notices.get_untracked().len(), 1);
        // restoring is not a new history entry
        assert_eq!(s.pending_write().1, Write::Replace);
    }

    #[test]
    fn what_asks_the_worker_runs_in_the_change_itself_while_its_owner_lives() {
        let owner = Owner::new();
        owner.set();
        let s = AppState::new(catalog(), "v=2");
        let seen = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let screen = Owner::new();
        let log = seen.clone();
        screen.with(|| {
            s.on_change(std::rc::Rc::new(move || {
                log.borrow_mut().push(s.link.with(|l| l.scenario.months))
            }))
        });
        // no effect has had a chance to run: the ask ran in the change
        s.update_typing(|l| l.scenario.months = 7);
        assert_eq!(*seen.borrow(), vec![7]);
        s.update(|l| l.scenario.months = 8);
        s.restore("v=2&m=9");
        assert_eq!(*seen.borrow(), vec![7, 8, 9]);
        // the screen is gone: its ask no longer runs
        screen.cleanup();
        s.update(|l| l.scenario.months = 10);
        assert_eq!(*seen.borrow(), vec![7, 8, 9]);
    }

    #[test]
    fn a_filter_change_goes_back_to_page_one() {
        let owner = Owner::new();
        owner.set();
        let s = AppState::new(catalog(), "v=2&page=3");
        s.update_filter(false, |l| l.scenario.providers = vec![ProviderId::Aws]);
        assert_eq!(s.link.with_untracked(|l| l.compare.page), 1);
    }

    #[test]
    fn a_filter_matching_nothing_stays_in_the_link_until_a_filter_is_edited() {
        let owner = Owner::new();
        owner.set();
        let s = AppState::new(catalog(), "v=2&gpu=h300");
        assert_eq!(s.pending_write().0, link("&gpu=h300"));
        s.update(|l| l.scenario.months = 6);
        assert_eq!(s.pending_write().0, link("&gpu=h300&m=6"));
        s.update_filter(false, |l| l.scenario.providers = vec![ProviderId::Aws]);
        assert_eq!(s.pending_write().0, link("&m=6&p=aws"));
    }
}
