import { keyphrases } from '../../../functions/core/notes/keyphrases.js';
import { writeOverview } from '../../../functions/core/notes/overview.js';
import { specificity } from '../../../functions/core/notes/word-commonness.js';

const PRINT_SHOP = [
  "Let's start with the printing press, because it jammed three times yesterday.",
  'The printing press has a worn roller that leaves ink streaks on every second sheet.',
  'The paper supplier raised the price by twelve percent this month.',
  'The recycled paper from the new paper supplier is cheaper.',
  'Alice will call the paper supplier tomorrow about the price.',
  'I think the thing is that we really need to wait, you know.',
];

/** The agenda items keyphrases finds, in meeting order. */
const lead = (texts: string[]) => keyphrases(texts).filter((k) => k.agenda).map((k) => k.text);

describe('keyphrases', () => {
  it('ranks specific noun phrases first and never a function word, a time word or a speaker name', () => {
    const phrases = keyphrases(PRINT_SHOP, new Set(['alice'])).map((k) => k.text);
    expect(phrases.slice(0, 2).sort()).toEqual(['paper supplier', 'printing press']);
    for (const bad of ['the', 'that', 'thing', 'wait', 'tomorrow', 'month', 'alice', 'times', 'twelve']) expect(phrases).not.toContain(bad);
  });

  it('keeps one phrase per word and tells the sentences each is used in', () => {
    const [first, second] = keyphrases(PRINT_SHOP);
    // "Let's start with the printing press" names it as the first agenda item: it leads.
    expect(first).toMatchObject({ text: 'printing press', sentences: [0, 1], agenda: true });
    expect(second).toMatchObject({ text: 'paper supplier', sentences: [2, 3, 4] });
    const words = keyphrases(PRINT_SHOP).flatMap((k) => k.lemmas);
    expect(new Set(words).size).toBe(words.length);
  });

  it('reads a noun the tagger calls a verb as a noun after an article, a possessive or a number', () => {
    const retro = [
      'The backup restore failed again.',
      'Nobody had done a restore in a year.',
      'I got forty alerts in ten minutes.',
      'The alerts woke everyone up.',
      'The kitchen said yes to the plan.',
    ];
    const phrases = keyphrases(retro).map((k) => k.text);
    expect(phrases).toEqual(expect.arrayContaining([expect.stringMatching(/restore$/), 'alerts']));
    // a real verb after a noun phrase stays a verb: "said" is no topic
    expect(phrases.join(' ')).not.toMatch(/said/);
  });

  it('takes a compound ending on a vague noun when said more than once ("display cases"), never the vague noun alone', () => {
    const museum = ['All the display cases are in.', 'Can you fix the lock on the third display case?', 'In that case we wait.'];
    const phrases = keyphrases(museum).map((k) => k.text);
    expect(phrases).toContain('display cases');
    expect(phrases).not.toContain('case');
    expect(keyphrases(['The phone number was wrong.', 'Lunch is late.']).map((k) => k.text)).not.toContain('phone number');
  });

  it('never takes days of the week in the plural or weekdays as a topic', () => {
    const phrases = keyphrases(['We open at six on weekdays.', 'A second desk on Fridays would halve the queue.', 'Fridays are busy and the queue is long.']).map((k) => k.text.toLowerCase());
    expect(phrases).toContain('queue');
    for (const bad of ['fridays', 'weekdays']) expect(phrases).not.toContain(bad);
  });

  it('leads with the items a meeting names as its agenda, in the order they come up, whole', () => {
    const council = [
      "Let's begin with the bus lane consultation.",
      'We have had four hundred responses, most of them from the High Street.',
      'Next, the school crossing patrol on Mill Lane.',
      'The warden retires at Easter, and the responses say parents worry.',
      'Finally, parking permit charges.',
      'Would anyone support a rise in the responses this year?',
    ];
    const phrases = keyphrases(council);
    expect(phrases.slice(0, 3).map((k) => [k.text, k.agenda])).toEqual([['bus lane consultation', true], ['school crossing patrol', true], ['parking permit charges', true]]);
  });

  it('takes a verbless sentence naming a topic ("Demo day.", "The membership fee.") as an agenda item, but not a reply ("Thanks.", "Final answer.")', () => {
    const phrases = keyphrases(['Demo day.', 'We show the dashboard.', 'Thanks.', 'True.', 'Final answer.', 'The membership fee.', 'It stays at eight pounds.']);
    expect(phrases.filter((k) => k.agenda).map((k) => k.text)).toEqual(['demo day', 'membership fee']);
  });

  it('takes a weak cue ("On …", "As for …") only when the phrase ends the clause', () => {
    expect(keyphrases(['On sprint scope, I think we are overloaded.', 'The sprint has nine tickets.']).find((k) => k.agenda)?.text).toBe('sprint scope');
    expect(keyphrases(['On the other hand, the tickets are small.', 'The tickets are many.']).some((k) => k.agenda)).toBe(false);
  });

  it('finds the cue after a word or two of lead-in, and keeps a capital that does not open the sentence', () => {
    expect(keyphrases(['Good, next, patient reminder texts.', 'The texts go out late.']).find((k) => k.agenda)?.text).toBe('patient reminder texts');
    expect(keyphrases(['I wanted to talk about Saturday opening hours first.', 'Nobody came after eleven.']).find((k) => k.agenda)?.text).toBe('Saturday opening hours');
  });

  it('takes a compound ending on a time noun when said more than once as a whole, but never the time noun alone or after a vague word', () => {
    const garden = [
      'About the open day, I suggest the first Sunday of June.',
      'The open day is on the first Sunday of June.',
      'I can print the posters for the open day.',
      'Next week the compost arrives, and the whole day is free.',
    ];
    const phrases = keyphrases(garden).map((k) => k.text);
    expect(phrases).toContain('open day');
    for (const bad of ['day', 'week', 'next week', 'whole day', 'first sunday']) expect(phrases).not.toContain(bad);
    expect(keyphrases(['The training session was long.', 'Compost is cheap.']).map((k) => k.text)).not.toContain('training session');
  });

  it('takes a compound opening on a time noun when said more than once as a whole ("night shifts")', () => {
    const rota = ['Nobody wants three night shifts in a row.', 'Two night shifts at most.', 'I need to redo the night shift rota.', 'The night was quiet.'];
    const phrases = keyphrases(rota).map((k) => k.text);
    expect(phrases).toContain('night shifts');
    expect(phrases).not.toContain('night');
    expect(phrases).not.toContain('row');
    expect(keyphrases(['The night porter was late.', 'Compost is cheap.']).map((k) => k.text)).not.toContain('night porter');
  });

  it('keeps a hyphenated word whole ("check-in desk", not "check" and "desk")', () => {
    const phrases = keyphrases(['The check-in desk is too slow.', 'A second check-in desk would halve the queue.', 'The queue at the check-in desk is long.']).map((k) => k.text);
    expect(phrases).toContain('check-in desk');
    expect(phrases).not.toContain('check');
  });

  it('never takes a contraction for a topic', () => {
    const phrases = keyphrases(["I'm sure the budget is fine.", "I'm worried about the budget.", "Friday's budget review."]).map((k) => k.text);
    expect(phrases.some((p) => p.includes("'"))).toBe(false);
  });

  it('weighs words by how common they are in spoken English', () => {
    expect(specificity('you')).toBeLessThan(0.05);
    expect(specificity('time')).toBeLessThan(specificity('budget'));
    expect(specificity('antecedentally')).toBe(1);
  });
});

describe('writeOverview', () => {
  it('names speakers, topics and the counts', () => {
    expect(writeOverview(['Alice', 'Bob'], keyphrases(PRINT_SHOP, new Set(['alice'])), 1, 2))
      .toMatch(/^Alice and Bob discussed (?:the paper supplier, the printing press|the printing press, the paper supplier)[^.]*\. They recorded 1 decision and 2 action items\.$/);
    expect(writeOverview(['Alice'], [], 0, 0)).toBe('Alice spoke briefly, with no clear topic. No decisions or action items were recorded.');
    // Only what there is: never "0 decisions".
    expect(writeOverview(['Alice', 'Bob'], [], 0, 2)).toBe('Alice and Bob spoke briefly, with no clear topic. They recorded 2 action items.');
    expect(writeOverview(['Alice'], [], 1, 0)).toBe('Alice spoke briefly, with no clear topic. The meeting recorded 1 decision.');
    expect(writeOverview([], [], 0, 0)).toBe('Nothing was said in this recording.');
  });
});

describe('agenda items said in more ways', () => {
  it('takes "where are we on…", a topic put before a question about it, "then the…" and "the X of N"', () => {
    expect(lead(['Where are we on the Henderson shipment?', 'Twenty pallets are wrapped.'])).toEqual(['Henderson shipment']);
    expect(lead(['Chromebook repairs, how big is the pile?', 'Thirty-one in the cupboard.'])).toEqual(['Chromebook repairs']);
    expect(lead(['Then the Wi-Fi in the science block.', 'It drops every time a class logs on.'])).toEqual(['Wi-Fi']);
    expect(lead(['The party of eighteen.', 'Set menu, three courses.'])).toEqual(['party of eighteen']);
  });
  it('does not take a question about a person or a reply for an item', () => {
    expect(lead(['Omar, how was the game last night?', 'Thanks.'])).toEqual([]);
  });
});

describe('agenda items by number and by "speaking of which"', () => {
  it('takes "Item two, the campus tour schedule." and "Speaking of which, lost key cards." as items, never "item" itself', () => {
    expect(lead(['Item one first, though.', 'Item two, the campus tour schedule.', 'Tours run on Wednesdays.', 'Speaking of which, lost key cards.', 'We lost eleven this week.']))
      .toEqual(['campus tour schedule', 'lost key cards']);
  });
});

describe('agenda items: more openings and verb-tagged nouns', () => {
  it('takes "Last bit, …", "Last thing from me, …", "Shall we start with …?", "Name, the X?" and nouns the tagger calls verbs or adjectives', () => {
    expect(lead(['Last bit, the volunteer rota for the fair.', 'Nobody knows yet.'])).toEqual(['volunteer rota']);
    expect(lead(['Last thing from me, the conference abstract.', 'The deadline is the twentieth.'])).toEqual(['conference abstract']);
    expect(lead(['Shall we start with the cake, then?', 'We loved the lemon.'])).toEqual(['cake']);
    expect(lead(['Imran, the antibiotic shortage?', 'The supplier is out for six weeks.'])).toEqual(['antibiotic shortage']);
    // Thanked for the last item first, and with where the item is ("Thanks, Sam, the roof repair on the west wing.").
    expect(lead(['Thanks, Sam, the roof repair on the west wing.', 'The quote came in yesterday.'])).toEqual(['roof repair']);
    expect(lead(['Last thing, weekend cover.', 'We are one short.'])).toEqual(['weekend cover']);
    // What the meeting calls itself is no topic ("quick huddle", "the Monday stand-up").
    expect(keyphrases(['Alright, quick huddle before the lunch rush.', 'The van needs new tyres.', 'The van is booked in for Friday.']).some((k) => /huddle/.test(k.text))).toBe(false);
    expect(lead(['On-call alerting.', 'Why did it take twenty minutes to page anyone?'])).toEqual(['on-call alerting']);
    expect(lead(["Let's take Saturday opening hours first.", 'Half the calls were about Saturdays.'])).not.toContain('Saturday opening hours first');
  });
});

describe('agenda items asked of someone without a question mark', () => {
  it('takes "In run, the antibiotic shortage." as an item, but lets a cue speak first ("Next, the sponsor reads.")', () => {
      expect(lead(['In run, the antibiotic shortage.', 'The supplier is out for six weeks.'])).toEqual(['antibiotic shortage']);
    expect(lead(['Next, the sponsor reads.', 'People skip the ad.'])).toEqual(['sponsor reads']);
  });
});

describe('topics as a reader expects them written', () => {
  const texts = (sentences: string[]) => keyphrases(sentences).map((k) => k.text);

  it('keeps the capital of a title or a day that opens a sentence ("Mrs Adeyemi", "Tuesday evening session")', () => {
    expect(texts(['Mrs Adeyemi had a fall in the night.', 'Has anyone told Mrs Adeyemi\'s son?'])).toContain('Mrs Adeyemi');
    expect(texts(['Tuesday evening session.', 'The Tuesday evening session had fourteen people.'])).toContain('Tuesday evening session');
  });

  it('writes a rare word that opens a sentence in lower case when the meeting also says it so ("Rota first?")', () => {
    const topics = texts(['Rota first?', 'The out of hours rota for next month is short.']);
    expect(topics).toContain('rota');
    expect(topics).not.toContain('Rota');
  });

  it('takes no past participle for a topic ("get it countersigned", "a laminated notice")', () => {
    const topics = texts(['You get it countersigned the next morning.', 'Would you make a proper laminated notice?', 'The notice goes on the cabinet.']);
    expect(topics).not.toContain('countersigned');
    expect(topics).not.toContain('laminated');
  });
});

describe('a list is no agenda item', () => {
  it('does not take "Rusted chains, bent forks." for an agenda item, but keeps "The reserve fund policy, Kenneth."', () => {
    expect(lead(['Right.', 'Donated bikes.', 'Half of those are scrap.', 'Rusted chains, bent forks.', 'We should strip them.'])).toEqual(['donated bikes']);
    expect(lead(['The reserve fund policy, Kenneth.', 'I have drafted a policy.'])).toEqual(['reserve fund policy']);
  });
});

describe('agenda items opened with a sound', () => {
  it('reads "Huh, right, the budget story." as naming the item', () => {
    expect(lead(['Huh, right, the school budget story.', 'Where are we on it?'])).toEqual(['school budget story']);
  });
});
