import { useEffect } from 'react';
import { navigate, tabOfRest, type Route, type RouteParams } from '../../app-state/routes';
import { Tabs } from '../../components/Tabs';
import { EditorView } from './EditorView';
import { HandlerCheckView } from './HandlerCheckView';
import { ReplayHistoryView } from './ReplayHistoryView';
import { followEditor, openDraft } from './editor-store';
import { REPLAY_TABS, replayTabHref, sourceOfLink, type ReplayTab } from './replay-links';
import { followReplayHistory, useReplayHistoryStore } from './replay-history-store';
import './replay.css';

const TABS: Array<[ReplayTab, string]> = [
  ['editor', 'Editor'],
  ['history', 'Replay history'],
  ['check', 'Handler check'],
];

/** The deep link last opened (so coming back to it does not re-open it over edits). */
let openedLink: string | null = null;

/**
 * The Replay history tab's params where it was left (its sort and filters), so coming back from
 * another tab returns there: a place to go back to, as the navigation remembers each area's, read
 * from the URL and only ever written back to it.
 */
let historyParams: RouteParams = {};

/**
 * The Replay area: edit a webhook (from a delivery, a template, a draft or a fixture), have the
 * core re-sign it, send it to your handler, compare the answers, and check the handler.
 * The tab is in the URL (`#/replay`, `#/replay/history`, `#/replay/check`); a deep link
 * (`#/replay/live/<id>`, `…/history/<id>`, `…/draft/<id>`) opens its source in the editor.
 */
export function ReplayPage({ route }: { route: Route }) {
  const { rest } = route;
  const tab: ReplayTab = sourceOfLink(rest) ? 'editor' : tabOfRest(REPLAY_TABS, rest);
  if (tab === 'history') historyParams = route.params;
  const total = useReplayHistoryStore((s) => s.total);
  const loaded = useReplayHistoryStore((s) => s.loaded);
  // The stores follow the core from the first visit on (and keep following: edits and replays
  // made elsewhere, a key changed in Settings, are current when the user comes back).
  useEffect(() => {
    followEditor();
    followReplayHistory();
  }, []);
  useEffect(() => {
    const source = sourceOfLink(rest);
    if (!source || openedLink === rest) return;
    openedLink = rest;
    void openDraft(source);
  }, [rest]);
  return (
    <div className="page replay-page" data-testid="page-replay">
      <h1 className="page__title">Replay</h1>
      <p className="page__lead">
        Re-sign a webhook exactly as the service would (the key never leaves the core), send it to your handler, and compare what it answered.
      </p>
      <Tabs
        tabs={TABS.map(([id, label]) => [id, id === 'history' && loaded ? `${label} (${total})` : label] as const)}
        value={tab}
        onChange={(id) => navigate(replayTabHref(id, historyParams))}
        testIdPrefix="replay-tab"
        className="replay-tabs"
      />
      {tab === 'editor' && <EditorView />}
      {tab === 'history' && <ReplayHistoryView route={route} />}
      {tab === 'check' && <HandlerCheckView />}
    </div>
  );
}
