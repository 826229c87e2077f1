import { useEffect } from 'react';
import { create } from 'zustand';
import { Tabs } from '../../components/Tabs';
import { EditorView } from './EditorView';
import { HandlerCheckView } from './HandlerCheckView';
import { ReplayHistoryView } from './ReplayHistoryView';
import { followEditor, openDraft } from './editor-store';
import { sourceOfLink } from './replay-links';
import { followReplayHistory, useReplayHistoryStore } from './replay-history-store';
import './replay.css';

type ReplayTab = 'editor' | 'history' | 'check';

const TABS: Array<[ReplayTab, string]> = [
  ['editor', 'Editor'],
  ['history', 'Replay history'],
  ['check', 'Handler check'],
];

/** The tab shown, and the deep link last opened (so coming back does not re-open it over edits). */
const usePageStore = create<{ tab: ReplayTab; openedLink: string | null }>(() => ({ tab: 'editor', openedLink: null }));

/**
 * The Replay area: edit a webhook (from a delivery, a template, a draft or a fixture), have the
 * core re-sign it, send it to your handler, compare the answers, and check the handler.
 */
export function ReplayPage({ rest = '' }: { rest?: string }) {
  const tab = usePageStore((s) => s.tab);
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
    if (!source || usePageStore.getState().openedLink === rest) return;
    usePageStore.setState({ openedLink: rest, tab: 'editor' });
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
        onChange={(id) => usePageStore.setState({ tab: id })}
        testIdPrefix="replay-tab"
        className="replay-tabs"
      />
      {tab === 'editor' && <EditorView />}
      {tab === 'history' && <ReplayHistoryView />}
      {tab === 'check' && <HandlerCheckView />}
    </div>
  );
}
