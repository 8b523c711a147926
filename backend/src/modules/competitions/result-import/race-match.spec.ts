import { describe, expect, it } from '@jest/globals';
import { raceMismatch, sameGame, sameTrack, trackLabel } from './race-match.js';

describe('whether a result file is for the race', () => {
  it('compares tracks loosely: case, accents, punctuation, and a short name inside a long one', () => {
    expect(sameTrack('monza', 'Autodromo Nazionale Monza')).toBe(true);
    expect(sameTrack('ks_red_bull_ring (layout_gp)', 'Red Bull Ring')).toBe(true);
    expect(sameTrack('nurburgring', 'Nürburgring GP')).toBe(true);
    expect(sameTrack('Spa', 'Circuit de Spa-Francorchamps')).toBe(true);
    expect(sameTrack('Mount_Panorama', 'Mount Panorama Circuit Bathurst')).toBe(true);
    expect(sameTrack('Silverstone 2019', 'Silverstone Circuit')).toBe(true);
    expect(sameTrack('Heartland Park Topeka', 'Autodromo Nazionale Monza')).toBe(false);
    expect(sameTrack('ks_red_bull_ring (layout_gp)', 'Autodromo Nazionale Monza')).toBe(false);
    expect(sameTrack('Circuit Zolder', 'Circuit Zandvoort')).toBe(false);
  });

  it('knows a game by its name or its short name, and tells Assetto Corsa from ACC', () => {
    expect(sameGame('Assetto Corsa Competizione', 'assetto corsa competizione')).toBe(true);
    expect(sameGame('Assetto Corsa Competizione', 'ACC')).toBe(true);
    expect(sameGame('rFactor 2', 'RF2')).toBe(true);
    expect(sameGame('Assetto Corsa', 'Assetto Corsa Competizione')).toBe(false);
    expect(sameGame('Le Mans Ultimate', 'rFactor 2')).toBe(false);
  });

  it('names both the file and the race when they differ, and says nothing when they agree or cannot be compared', () => {
    expect(raceMismatch({ gameName: 'Assetto Corsa', trackName: 'ks_red_bull_ring (layout_gp)' }, { gameName: 'Assetto Corsa Competizione', trackName: 'Monza' })).toBe(
      'This is an Assetto Corsa file from Red Bull Ring (Layout Gp); the race is Assetto Corsa Competizione at Monza',
    );
    expect(raceMismatch({ gameName: 'rFactor 2', trackName: 'Heartland Park Topeka' }, { gameName: 'rFactor 2', trackName: 'Monza' })).toBe(
      'This is a rFactor 2 file from Heartland Park Topeka; the race is rFactor 2 at Monza',
    );
    expect(raceMismatch({ gameName: 'Assetto Corsa Competizione', trackName: 'monza' }, { gameName: 'ACC', trackName: 'Autodromo Nazionale Monza' })).toBeNull();
    expect(raceMismatch({ gameName: 'Assetto Corsa Competizione', trackName: null }, { gameName: 'Assetto Corsa Competizione', trackName: 'Monza' })).toBeNull();
    expect(raceMismatch({ gameName: 'Assetto Corsa Competizione', trackName: 'monza' }, { gameName: null, trackName: null })).toBeNull();
  });

  it('shows a file’s track folder as words', () => {
    expect(trackLabel('ks_red_bull_ring')).toBe('Red Bull Ring');
    expect(trackLabel('monza')).toBe('Monza');
  });
});
