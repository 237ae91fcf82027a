/**
 * The picture recipe of every menu item, keyed by the slug of its name (the file name under
 * public/images/menu/). The generator fails when a menu item has no recipe here, so a dish added
 * to menu.json is never left without a picture.
 */
import type { DishArt } from './dishes.ts';

const tikka = '#d0521f';
const tandoori = '#c83a1c';
const paneer = '#f8f0dc';

export const menuArt: Record<string, DishArt> = {
  // Starters
  'vegetable-samosa': {
    surface: 'linen',
    props: ['mint-chutney', 'tamarind-chutney', 'herbs'],
    dish: { kind: 'platter', plate: 'ceramic', item: 'samosa', color: '#e7a94a', count: 3 },
  },
  'onion-bhaji': {
    surface: 'clay',
    props: ['mint-chutney', 'napkin'],
    dish: { kind: 'platter', plate: 'leaf', item: 'fritter', color: '#d18a34', count: 4, sides: ['lemon', 'chilli'] },
  },
  'aloo-tikki-chaat': {
    surface: 'sage',
    props: ['spoon', 'herbs'],
    dish: {
      kind: 'platter',
      plate: 'ceramic',
      item: 'patty',
      color: '#dfa04a',
      count: 3,
      sides: ['drizzle', 'sev', 'coriander'],
    },
  },
  'chicken-65': {
    surface: 'slate',
    props: ['chillies', 'napkin'],
    dish: {
      kind: 'platter',
      plate: 'ceramic',
      item: 'cube',
      color: '#c23a1a',
      count: 8,
      sides: ['lemon', 'curry-leaf'],
    },
  },
  'amritsari-fish-pakora': {
    surface: 'linen',
    props: ['mint-chutney', 'napkin'],
    dish: { kind: 'platter', plate: 'board', item: 'pakora', color: '#d99a40', count: 5, sides: ['lemon', 'onion'] },
  },
  'prawn-koliwada': {
    surface: 'teak',
    props: ['raita', 'herbs'],
    dish: {
      kind: 'platter',
      plate: 'ceramic',
      item: 'prawn',
      color: '#d6502a',
      count: 6,
      sides: ['lemon', 'coriander'],
    },
  },
  // Tandoor
  'tandoori-chicken': {
    surface: 'teak',
    props: ['mint-chutney', 'napkin'],
    dish: {
      kind: 'platter',
      plate: 'sizzler',
      item: 'drumstick',
      color: tandoori,
      count: 4,
      sides: ['onion', 'lemon', 'coriander'],
    },
  },
  'chicken-malai-tikka': {
    surface: 'slate',
    props: ['mint-chutney', 'herbs'],
    dish: { kind: 'platter', plate: 'board', item: 'tikka', color: '#ecc27a', count: 3, sides: ['lemon'] },
  },
  'lamb-seekh-kebab': {
    surface: 'slate',
    props: ['mint-chutney', 'chillies'],
    dish: { kind: 'platter', plate: 'sizzler', item: 'kebab', color: '#8a4424', count: 3, sides: ['onion', 'lemon'] },
  },
  'tandoori-tiger-prawns': {
    surface: 'teak',
    props: ['raita', 'spices'],
    dish: {
      kind: 'platter',
      plate: 'sizzler',
      item: 'prawn',
      color: '#e0552a',
      count: 6,
      sides: ['lemon', 'coriander'],
    },
  },
  'paneer-tikka': {
    surface: 'slate',
    props: ['mint-chutney', 'napkin'],
    dish: { kind: 'platter', plate: 'board', item: 'tikka', color: paneer, count: 3, sides: ['lemon'] },
  },
  // Curries
  'chicken-tikka-masala': {
    surface: 'linen',
    props: ['napkin', 'spices'],
    dish: {
      kind: 'curry',
      vessel: 'brass',
      sauce: ['#e8863a', '#b4471c'],
      pieces: { shape: 'chunk', color: tikka, count: 7 },
      cream: true,
      garnish: ['coriander'],
    },
  },
  'butter-chicken': {
    surface: 'sage',
    props: ['spoon', 'spices'],
    dish: {
      kind: 'curry',
      vessel: 'karahi',
      sauce: ['#f0a055', '#c8602a'],
      pieces: { shape: 'chunk', color: '#c6521e', count: 6 },
      cream: true,
      garnish: ['coriander'],
    },
  },
  'lamb-rogan-josh': {
    surface: 'slate',
    props: ['spices', 'napkin'],
    dish: {
      kind: 'curry',
      vessel: 'clay',
      sauce: ['#c0402a', '#7a1a12'],
      pieces: { shape: 'chunk', color: '#7a2a16', count: 7 },
      garnish: ['ginger', 'coriander'],
    },
  },
  'chicken-chettinad': {
    surface: 'teak',
    props: ['spices', 'chillies'],
    dish: {
      kind: 'curry',
      vessel: 'iron',
      sauce: ['#b0602a', '#6a2e12'],
      pieces: { shape: 'chunk', color: '#9a4a1e', count: 7 },
      garnish: ['curry-leaf', 'chilli'],
    },
  },
  'goan-fish-curry': {
    surface: 'sage',
    props: ['napkin', 'chillies'],
    dish: {
      kind: 'curry',
      vessel: 'clay',
      sauce: ['#f2b04a', '#d4701e'],
      pieces: { shape: 'fish', color: '#fbecd0', count: 5 },
      garnish: ['curry-leaf', 'chilli'],
    },
  },
  'prawn-malabar-curry': {
    surface: 'linen',
    props: ['spoon', 'herbs'],
    dish: {
      kind: 'curry',
      vessel: 'ceramic',
      sauce: ['#f6c26a', '#de8a2a'],
      pieces: { shape: 'prawn', color: '#e8643a', count: 6 },
      garnish: ['curry-leaf', 'seeds'],
    },
  },
  // Vegetarian
  'palak-paneer': {
    surface: 'linen',
    props: ['napkin', 'spices'],
    dish: {
      kind: 'curry',
      vessel: 'brass',
      sauce: ['#6f9a3a', '#2f5a1e'],
      pieces: { shape: 'cube', color: paneer, count: 7 },
      cream: true,
      garnish: ['ginger'],
    },
  },
  'paneer-butter-masala': {
    surface: 'clay',
    props: ['spoon', 'herbs'],
    dish: {
      kind: 'curry',
      vessel: 'ceramic',
      sauce: ['#f29a48', '#c85a22'],
      pieces: { shape: 'cube', color: paneer, count: 7 },
      cream: true,
      garnish: ['coriander'],
    },
  },
  'dal-makhani': {
    surface: 'linen',
    props: ['spoon', 'chillies'],
    dish: {
      kind: 'curry',
      vessel: 'clay',
      sauce: ['#8a4a2a', '#4a1e10'],
      pieces: { shape: 'bean', color: '#3a120a', count: 26 },
      cream: true,
      garnish: ['coriander'],
    },
  },
  'chana-masala': {
    surface: 'sage',
    props: ['napkin', 'spices'],
    dish: {
      kind: 'curry',
      vessel: 'karahi',
      sauce: ['#b8642a', '#7a3414'],
      pieces: { shape: 'pea', color: '#e8b56a', count: 30 },
      garnish: ['onion', 'coriander'],
    },
  },
  'malai-kofta': {
    surface: 'slate',
    props: ['spoon', 'spices'],
    dish: {
      kind: 'curry',
      vessel: 'ceramic',
      sauce: ['#f6d28a', '#e2a04a'],
      pieces: { shape: 'kofta', color: '#e0a24e', count: 4 },
      cream: true,
      garnish: ['nuts'],
    },
  },
  'aloo-gobi': {
    surface: 'teak',
    props: ['chillies', 'herbs'],
    dish: {
      kind: 'curry',
      vessel: 'iron',
      sauce: ['#f0c050', '#c88a1e'],
      pieces: { shape: 'floret', color: '#f6e3a4', count: 6 },
      dry: true,
      garnish: ['coriander', 'seeds'],
    },
  },
  'baingan-bharta': {
    surface: 'clay',
    props: ['napkin', 'chillies'],
    dish: {
      kind: 'curry',
      vessel: 'brass',
      sauce: ['#8a6a3a', '#4a3018'],
      dry: true,
      garnish: ['onion', 'chilli', 'coriander'],
    },
  },
  // Biryani & Rice
  'hyderabadi-chicken-biryani': {
    surface: 'teak',
    props: ['raita', 'herbs'],
    dish: {
      kind: 'rice',
      vessel: 'handi',
      saffron: 6,
      pieces: { color: '#b8501e', count: 3 },
      extras: ['egg', 'onion', 'mint'],
    },
  },
  'lamb-dum-biryani': {
    surface: 'slate',
    props: ['raita', 'spices'],
    dish: {
      kind: 'rice',
      vessel: 'handi',
      saffron: 7,
      pieces: { color: '#6e2a14', count: 4 },
      extras: ['onion', 'mint'],
    },
  },
  'vegetable-biryani': {
    surface: 'sage',
    props: ['raita', 'napkin'],
    dish: { kind: 'rice', vessel: 'handi', saffron: 5, extras: ['peas', 'carrot', 'onion', 'mint'] },
  },
  'saffron-pulao': {
    surface: 'linen',
    props: ['spices', 'spoon'],
    dish: { kind: 'rice', vessel: 'ceramic', saffron: 9, extras: ['cashew'] },
  },
  'jeera-rice': {
    surface: 'clay',
    props: ['spoon', 'herbs'],
    dish: { kind: 'rice', vessel: 'ceramic', saffron: 0, extras: ['cumin'] },
  },
  // Breads
  'butter-naan': { surface: 'linen', props: ['spices'], dish: { kind: 'bread', bread: 'naan', topping: 'butter' } },
  'garlic-naan': { surface: 'slate', props: ['herbs'], dish: { kind: 'bread', bread: 'naan', topping: 'garlic' } },
  'cheese-naan': { surface: 'teak', props: ['chillies'], dish: { kind: 'bread', bread: 'cheese' } },
  'lachha-paratha': { surface: 'sage', props: ['spices'], dish: { kind: 'bread', bread: 'paratha' } },
  'tandoori-roti': { surface: 'clay', props: ['herbs'], dish: { kind: 'bread', bread: 'roti' } },
  // Desserts
  'gulab-jamun': { surface: 'slate', props: ['spices', 'napkin'], dish: { kind: 'dessert', dessert: 'jamun' } },
  'mango-kulfi': { surface: 'sage', props: ['spoon'], dish: { kind: 'dessert', dessert: 'kulfi' } },
  rasmalai: { surface: 'teak', props: ['spices', 'spoon'], dish: { kind: 'dessert', dessert: 'rasmalai' } },
  'gajar-halwa': { surface: 'linen', props: ['spoon', 'spices'], dish: { kind: 'dessert', dessert: 'halwa' } },
  // Drinks
  'mango-lassi': {
    surface: 'sage',
    props: ['napkin'],
    dish: {
      kind: 'drink',
      glass: 'tall',
      liquid: ['#ffd36a', '#f0a020'],
      top: 'froth',
      garnish: ['pistachio', 'straw'],
    },
  },
  'salted-mint-lassi': {
    surface: 'clay',
    props: ['herbs'],
    dish: { kind: 'drink', glass: 'tall', liquid: ['#f6f6e6', '#d8e2bc'], top: 'froth', garnish: ['cumin', 'mint'] },
  },
  'masala-chai': {
    surface: 'teak',
    dish: { kind: 'drink', glass: 'kulhad', liquid: ['#d9a878', '#9a6236'], top: 'froth', garnish: ['cinnamon'] },
  },
  'fresh-lime-soda': {
    surface: 'linen',
    props: ['napkin'],
    dish: {
      kind: 'drink',
      glass: 'highball',
      liquid: ['#f2f6d6', '#cfe29a'],
      top: 'fizz',
      ice: 3,
      garnish: ['lime', 'straw'],
    },
  },
  'cardamom-iced-coffee': {
    surface: 'linen',
    dish: {
      kind: 'drink',
      glass: 'rocks',
      liquid: ['#8a5a36', '#3a1e0e'],
      top: 'froth',
      ice: 2,
      side: 'phin',
    },
  },
  // Beer & Wine
  'kingfisher-premium-lager': {
    surface: 'slate',
    dish: { kind: 'drink', glass: 'pint', liquid: ['#f6c64a', '#d98a14'], top: 'foam', side: 'bottle-amber' },
  },
  'bia-ha-noi': {
    surface: 'teak',
    dish: { kind: 'drink', glass: 'pint', liquid: ['#f8d66a', '#e0a020'], top: 'foam', side: 'bottle-green' },
  },
  'sula-sauvignon-blanc': {
    surface: 'sage',
    dish: { kind: 'drink', glass: 'wine', liquid: ['#fbf3c4', '#e8d68a'], top: 'clear', side: 'cork' },
  },
  'dalat-red-wine': {
    surface: 'linen',
    dish: { kind: 'drink', glass: 'wine', liquid: ['#a0243a', '#4a0a18'], top: 'clear', side: 'cork' },
  },
  // Cocktails
  'saffron-gin-sour': {
    surface: 'slate',
    props: ['spices'],
    dish: { kind: 'drink', glass: 'coupe', liquid: ['#fbe9a8', '#eec25a'], top: 'foam', garnish: ['saffron'] },
  },
  'mango-chilli-margarita': {
    surface: 'teak',
    props: ['chillies'],
    dish: { kind: 'drink', glass: 'coupe', liquid: ['#ffc04a', '#ee8a1a'], garnish: ['salt-rim', 'lime'] },
  },
  'chai-old-fashioned': {
    surface: 'slate',
    props: ['spices'],
    dish: { kind: 'drink', glass: 'rocks', liquid: ['#d88a3a', '#8a3e0e'], ice: 1, garnish: ['orange'] },
  },
  'lychee-cardamom-mojito': {
    surface: 'sage',
    props: ['spices'],
    dish: {
      kind: 'drink',
      glass: 'highball',
      liquid: ['#f4f8e6', '#d6e6b2'],
      top: 'fizz',
      ice: 2,
      garnish: ['mint', 'lychee', 'straw'],
    },
  },
  'old-monk-and-cola': {
    surface: 'clay',
    props: ['napkin'],
    dish: { kind: 'drink', glass: 'highball', liquid: ['#6a2e16', '#2a0e06'], top: 'fizz', ice: 3, garnish: ['lime'] },
  },
};
