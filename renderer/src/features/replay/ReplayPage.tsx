import { useEffect } from 'react';
import { navigate, tabOfRest, type Route } from '../../app-state/routes';
import { Tabs } from '../../components/Tabs';
import { EditorView } from './EditorView';
import { HandlerCheckView } from './HandlerCheckView';
import { ReplayHistoryView } from './ReplayHistoryView';
import { editorSlice, useEditor } from './editor-store';
import { REPLAY_TABS, replayTabHref, sourceOfLink, type ReplayTab } from './replay-links';
import { replayHistorySlice, useReplayHistoryStore } from './replay-history-store';
import { useLeftPlace, usePageMemory } from '../../app-state/page-memory';
import { useFollow } from '../../app-state/store-root';
import './replay.css';

const TABS: Array<[ReplayTab, string]> = [
  ['editor', 'Editor'],
  ['history', 'Replay history'],
  ['check', 'Handler check'],
];

/**
 * The Replay area: edit a webhook (from a delivery, a template, a draft or a fixture), have the
 * core re-sign it, send it to your handler, compare the answers, and check the handler.
 * The tab is in the URL (`#/replay`, `#/replay/history`, `#/replay/check`); a deep link
 * (`#/replay/live/<id>`, `…/history/<id>`, `…/draft/<id>`) opens its source in the editor.
 */
export function ReplayPage({ route }: { route: Route }) {
  const { rest } = route;
  const tab: ReplayTab = sourceOfLink(rest) ? 'editor' : tabOfRest(REPLAY_TABS, rest);
  // The history tab's sort and filters where it was left, so coming back from another tab returns there.
  const historyPlace = useLeftPlace('replay.history', tab === 'history' ? route : null);
  const { openedLinks } = usePageMemory();
  const { openDraft } = useEditor();
  const total = useReplayHistoryStore((s) => s.total);
  const loaded = useReplayHistoryStore((s) => s.loaded);
  // The stores follow the core from the first visit on (and keep following: edits and replays
  // made elsewhere, a key changed in Settings, are current when the user comes back).
  useFollow(editorSlice);
  useFollow(replayHistorySlice);
  useEffect(() => {
    const source = sourceOfLink(rest);
    if (!source || openedLinks.get('replay') === rest) return;
    openedLinks.set('replay', rest);
    void openDraft(source);
  }, [openedLinks, openDraft, rest]);
  return (
    <div className="page replay-page" data-testid="page-replay">
      <h1 className="page__title">Replay</h1>
      <p className="page__lead">
        Re-sign a webhook exactly as the service would (the key never leaves the core), send it to your handler, and compare what it answered.
      </p>
      <Tabs
        tabs={TABS.map(([id, label]) => [id, id === 'history' && loaded ? `${label} (${total})` : label] as const)}
        value={tab}
        onChange={(id) => navigate(replayTabHref(id, historyPlace()?.params ?? {}))}
        testIdPrefix="replay-tab"
        className="replay-tabs"
      />
      {tab === 'editor' && <EditorView />}
      {tab === 'history' && <ReplayHistoryView route={route} />}
      {tab === 'check' && <HandlerCheckView />}
    </div>
  );
}
