/**
 * How sides and players are named to people (src/games/settings.ts sideName,
 * src/games/side-messages.ts senderName). service.md: "a message relayed to
 * another player, who sees the sender's side, not the address".
 */
import { describe, expect, it } from 'vitest';
import { sideName } from '../../src/games/games/settings.ts';
import { senderName } from '../../src/games/turns/side-messages.ts';

const settings = {
  map: { width: 10, height: 10 },
  sides: [
    { id: 'red', name: 'Red Fleet' },
    { id: 'blue', name: 'Blue Fleet' },
  ],
};

describe('sideName', () => {
  it('is the name the settings give the side', () => {
    expect(sideName(settings, 'blue')).toBe('Blue Fleet');
  });

  it('is the side id when the settings do not name that side', () => {
    expect(sideName(settings, 'grey')).toBe('grey');
  });
});

describe('senderName', () => {
  const game = { settings };

  it("is the player's display name", () => {
    expect(senderName(game, { displayName: 'Alice', side: 'red' })).toBe('Alice');
  });

  it("is the side's name when the display name is empty or looks like an address: an address is never shown", () => {
    expect(senderName(game, { displayName: '  ', side: 'red' })).toBe('Red Fleet');
    expect(senderName(game, { displayName: 'alice@example.org', side: 'red' })).toBe('Red Fleet');
  });

  it("is the side id when the game's settings cannot be read", () => {
    expect(senderName({ settings: { sides: 'broken' } }, { displayName: 'a@b.c', side: 'red' })).toBe('red');
  });
});
