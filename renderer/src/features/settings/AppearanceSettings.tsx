import { setThemePreference, useThemePreference, type ThemePreference } from '../../app-state/theme';

const CHOICES: Array<[ThemePreference, string]> = [
  ['system', 'Follow the system'],
  ['light', 'Light'],
  ['dark', 'Dark'],
];

/** Light or dark: the system's preference by default; the choice is kept on this machine. */
export function AppearanceSettings() {
  const preference = useThemePreference();
  return (
    <div className="card" data-testid="settings-appearance">
      <h2 className="card__title">Appearance</h2>
      <div className="row" role="radiogroup" aria-label="Theme">
        {CHOICES.map(([value, label]) => (
          <label key={value} className="row">
            <input
              type="radio"
              name="theme"
              value={value}
              checked={preference === value}
              onChange={() => setThemePreference(value)}
              data-testid={`theme-${value}`}
            />
            {label}
          </label>
        ))}
      </div>
    </div>
  );
}
