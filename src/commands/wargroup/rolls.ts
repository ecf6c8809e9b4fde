import { defineCommand } from '../../runtime/spec.js'
import {
  wargroupSmokeModel,
  wargroupLengthModel,
  wargroupInitiativeModel,
} from '../../models/wargroup/rolls.js'

export const wargroupSmokeSpec = defineCommand({
  name: 'wargroup smoke',
  summary: 'smoke tile: blocks line of sight for d6 turns',
  diceOrder: 'one d6: the turns the smoke lasts',
  examples: ['mecha wargroup smoke --rolls 4', 'mecha wargroup smoke --odds'],
  options: [],
  build: () => ({}),
  model: wargroupSmokeModel,
})

export const wargroupLengthSpec = defineCommand({
  name: 'wargroup length',
  summary: 'game length: the game lasts 3d6 turns',
  diceOrder: 'three d6, added',
  examples: ['mecha wargroup length --rolls 3,5,2', 'mecha wargroup length --odds'],
  options: [],
  build: () => ({}),
  model: wargroupLengthModel,
})

export const wargroupInitiativeSpec = defineCommand({
  name: 'wargroup initiative',
  summary: 'who goes first: both players roll a d6, the higher sets up and goes first, ties re-rolled',
  diceOrder: "player A's d6, player B's d6; on a tie, the same again until one is higher",
  examples: ['mecha wargroup initiative --rolls 4,4,2,5', 'mecha wargroup initiative --odds'],
  options: [],
  build: () => ({}),
  model: wargroupInitiativeModel,
})
