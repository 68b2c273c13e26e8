// data-client: packages/endpoint/src/schemas/__tests__/Entity.test.ts
// (the `immDenormalize` halves, over Immutable.js state, are not ported: see tests/peer/README.md.
// `SimpleMemoCache` is the view of a Controller: its reads are cached the same way.)
//
// A bundler renames classes of the same name in one file, and a class name is its default
// key: classes that data-client's file declares twice under one name are named apart here,
// with the peer's key where its tables name it.
import { Temporal } from 'temporal-polyfill';
import * as assert from 'uvu/assert';
import { Entity, SchemaError, Values, schema } from '../../../src/index.js';
import { dev } from '../../_fixtures/env.js';
import { INVALID, controllerOf, denormalize, normalize } from '../../_fixtures/normalizr.js';
import { IDEntity, capture, instance, peer } from '../../_fixtures/peer.js';

const test = peer('packages/endpoint/src/schemas/__tests__/Entity.test.ts');

const values = <T extends { [k: string]: any }>(obj: T) => Object.keys(obj).map((key) => obj[key]);

class Tacos extends IDEntity {
  readonly name: string = '';
  readonly alias: string | undefined = undefined;
}

class ArticleEntity extends Entity {
  readonly id: string = '';
  readonly title: string = '';
  readonly author: string = '';
  readonly content: string = '';
}

class WithOptional extends Entity {
  readonly id: string = '';
  readonly article: ArticleEntity | null = null;
  readonly requiredArticle = ArticleEntity.fromJS();
  readonly nextPage: string = '';
  static override schema = { article: ArticleEntity, requiredArticle: ArticleEntity };
}

const normalization = 'Entity normalization';

test(`${normalization} > normalizes an entity`, () => {
  class MyEntity extends Entity {}
  const { entities, result } = normalize(MyEntity, { id: '1' });
  assert.equal(entities, { MyEntity: { 1: { id: '1' } } });
  assert.is(result, '1');
});

test(`${normalization} > normalize throws error when id missing with no pk`, () => {
  class MyEntity extends Entity {}
  assert.throws(
    () => normalize(MyEntity, { slug: '1' }),
    (e: Error) =>
      e instanceof SchemaError &&
      e.message.includes('MyEntity') &&
      (!dev || e.message.includes('the default pk() reads `id`')),
  );
});

test(`${normalization} > normalizes already processed entities`, () => {
  class MyEntity extends Entity {}
  class Nested extends Entity {
    title = '';
    nest = MyEntity.fromJS();
    static override schema = { nest: MyEntity };
  }
  let out = normalize(new schema.Array(MyEntity), ['1']);
  assert.equal(out.entities, {});
  assert.equal(out.result, ['1']);
  out = normalize(new schema.Object({ data: MyEntity }), { data: '1' });
  assert.equal(out.entities, {});
  assert.equal(out.result, { data: '1' });
  out = normalize(Nested, { title: 'hi', id: '5', nest: '10' });
  assert.equal(out.entities, { Nested: { 5: { id: '5', nest: '10', title: 'hi' } } });
  assert.is(out.result, '5');
});

test(`${normalization} > normalizes does not change value when shouldUpdate() returns false`, () => {
  class MyEntity extends Entity {
    id = '';
    title = '';
    static override shouldUpdate() {
      return false;
    }
  }
  const first = normalize(MyEntity, { id: '1', title: 'hi' });
  const stored = first.entities.MyEntity!['1'];
  const secondEntities = normalize(MyEntity, { id: '1', title: 'second' }, [], first.ctrl).entities;
  assert.ok(stored);
  assert.is(stored, secondEntities.MyEntity!['1']);
});

test(`${normalization} > should throw a custom error if data does not include pk`, () => {
  class MyEntity extends Entity {
    readonly name: string = '';
    readonly secondthing: string = '';
    override pk() {
      return this.name;
    }
  }
  assert.throws(
    () => normalize(MyEntity, { secondthing: 'hi' }),
    (e: Error) => /MyEntity at the response has no usable pk/.test(e.message),
  );
});

test(`${normalization} > should throw a custom error if data does not include pk (serializes pk)`, () => {
  class MyEntity extends Entity {
    readonly name: string = '';
    readonly secondthing: string = '';
    override pk() {
      return `${this.name}`;
    }
  }
  assert.throws(
    () => normalize(MyEntity, { secondthing: 'hi' }),
    (e: Error) => /MyEntity at the response has no usable pk/.test(e.message),
  );
});

test(`${normalization} > should not throw if schema key is missing from Entity`, () => {
  class MyEntity extends Entity {
    readonly name: string = '';
    readonly secondthing: string = '';
    override pk() {
      return this.name;
    }
    static override schema = { blarb: Temporal.Instant.from };
  }
  const { entities, result } = normalize(MyEntity, { name: 'bob', secondthing: 'hi' });
  assert.equal(entities, { MyEntity: { bob: { name: 'bob', secondthing: 'hi' } } });
  assert.is(result, 'bob');
});

test(`${normalization} > should handle optional schema entries Entity`, () => {
  class MyEntity extends Entity {
    readonly name: string = '';
    readonly secondthing: string = '';
    readonly blarb: Date | undefined = undefined;
    override pk() {
      return this.name;
    }
    static override schema = { blarb: Temporal.Instant.from };
  }
  const { entities, result } = normalize(MyEntity, { name: 'bob', secondthing: 'hi' });
  assert.equal(entities, { MyEntity: { bob: { name: 'bob', secondthing: 'hi' } } });
  assert.is(result, 'bob');
});

test(`${normalization} > should throw a custom error if data loads with no matching props`, () => {
  class MyEntity extends Entity {
    readonly name: string = '';
    readonly secondthing: string = '';
    override pk() {
      return this.name;
    }
  }
  assert.throws(
    () => normalize(MyEntity, {}),
    (e: Error) => /MyEntity at the response has no usable pk/.test(e.message),
  );
});

test(`${normalization} > should throw a custom error loads with array`, () => {
  class MyEntity extends Entity {
    readonly name: string = '';
    readonly secondthing: string = '';
    override pk() {
      return this.name;
    }
  }
  const row = { name: 'hi', secondthing: 'ho' };
  assert.throws(
    () => normalize(MyEntity, [row, row, row]),
    (e: Error) =>
      e instanceof SchemaError && e.message.includes('expected a MyEntity object at the response, got an array of 3'),
  );
});

test(`${normalization} > should warn when automaticValidation === "warn"`, () => {
  class MyEntity extends Entity {
    readonly '0': string = '';
    readonly secondthing: string = '';
    static override automaticValidation = 'warn' as const;
    override pk() {
      return this[0];
    }
  }
  const row = { name: 'hi', secondthing: 'ho' };
  const warnings = capture('warn', () => normalize(MyEntity, [row, row, row]));
  assert.is(warnings.length, 1);
  assert.match(String(warnings[0]![0]), 'expected a MyEntity object at the response, got an array of 3');
});

test(`${normalization} > should allow many unexpected as long as none are missing`, () => {
  class MyEntity extends Entity {
    readonly name: string = '';
    readonly a: string = '';
    override pk() {
      return this.name;
    }
  }
  const input = { name: 'hi', a: 'a', b: 'b', c: 'c', d: 'e', e: 0, f: 0, g: 0, h: 0, i: 0, j: 0, k: 0, l: 0, m: 0 };
  let out!: ReturnType<typeof normalize>;
  const warnings = capture('warn', () => {
    out = normalize(MyEntity, input);
  });
  assert.equal(out.entities, { MyEntity: { hi: input } });
  assert.is(warnings.length, 0);
});

test(`${normalization} > should throw with custom validator`, () => {
  class MyEntity extends Entity {
    readonly name: string = '';
    readonly secondthing: string = '';
    readonly thirdthing: number = 0;
    get nonexistantthing() {
      return this.name + 5;
    }
    override pk() {
      return this.name;
    }
    static override validate(value: any) {
      if (value.nonexistantthing) return 'should not contain getter';
    }
  }
  assert.throws(() => normalize(MyEntity, { name: 'hoho', nonexistantthing: 'hi' }), /should not contain getter/);
});

test(`${normalization} > should not expect getters returned`, () => {
  class MyEntity extends Entity {
    readonly name: string = '';
    get other() {
      return this.name + 5;
    }
    get another() {
      return 'another';
    }
    get yetAnother() {
      return 'another2';
    }
    override pk() {
      return this.name;
    }
  }
  const warnings = capture('warn', () => normalize(MyEntity, { name: 'bob' }));
  assert.is(warnings.length, 0);
});

test(`${normalization} > should do nothing when automaticValidation === "silent"`, () => {
  class MyEntity extends Entity {
    readonly name: string = '';
    readonly secondthing: string = '';
    readonly thirdthing: number = 0;
    static override automaticValidation = 'silent' as const;
    override pk() {
      return this.name;
    }
  }
  const warnings = capture('warn', () => normalize(MyEntity, { name: 'hoho', nonexistantthing: 'hi' }));
  assert.is(warnings.length, 0);
});

test(`${normalization} > should throw a custom error if data loads with string`, () => {
  class MyEntity extends Entity {
    readonly name: string = '';
    readonly secondthing: string = '';
    readonly thirdthing: number = 0;
    override pk() {
      return this.name;
    }
  }
  assert.throws(
    () => normalize({ data: MyEntity }, 'hibho'),
    (e: Error) => e instanceof SchemaError && e.message.includes('expected an object at the response'),
  );
});

test(`${normalization} > key > must be created with a key name`, () => {
  const makeSchema = () =>
    class extends Entity {
      readonly id: number = 0;
    };
  assert.throws(() => makeSchema().key, /an Entity class without a name needs a static key/);
});

test(`${normalization} > key > key name must be a string`, () => {
  // @ts-expect-error
  class MyEntity extends IDEntity {
    static override get key() {
      return 42;
    }
  }
  void MyEntity;
});

test(`${normalization} > key > key getter should return key set via \`static get key()\``, () => {
  class KeyedUser extends IDEntity {
    static override get key() {
      return 'user';
    }
  }
  assert.is(KeyedUser.key, 'user');
});

test(`${normalization} > pk() > can use a custom pk() string`, () => {
  class PkUser extends Entity {
    readonly idStr: string = '';
    readonly name: string = '';
    override pk() {
      return this.idStr;
    }
    static override key = 'User';
  }
  const { entities, result } = normalize(PkUser, { idStr: '134351', name: 'Kathy' });
  assert.equal(entities, { User: { 134351: { idStr: '134351', name: 'Kathy' } } });
  assert.is(result, '134351');
});

test(`${normalization} > pk() > can normalize entity IDs based on their object key`, () => {
  class KeyUser extends Entity {
    readonly name: string = '';
    override pk(_parent?: any, key?: string) {
      return key;
    }
    static override key = 'User';
  }
  const { entities, result } = normalize(new Values({ users: KeyUser }, () => 'users'), {
    '4': { name: 'taco' },
    '56': { name: 'burrito' },
  });
  assert.equal(entities, { User: { 4: { name: 'taco' }, 56: { name: 'burrito' } } });
  assert.equal(result, { 4: { id: '4', schema: 'users' }, 56: { id: '56', schema: 'users' } });
});

test(`${normalization} > pk() > can build the entity's ID from the parent object`, () => {
  class ParentUser extends Entity {
    readonly id: string = '';
    readonly name: string = '';
    override pk(parent?: any, key?: string) {
      return `${parent.name}-${key}-${this.id}`;
    }
    static override key = 'User';
  }
  const { entities, result } = normalize(new schema.Object({ user: ParentUser }), {
    name: 'tacos',
    user: { id: '4', name: 'Jimmy' },
  });
  assert.equal(entities, { User: { 'tacos-user-4': { id: '4', name: 'Jimmy' } } });
  assert.equal(result, { name: 'tacos', user: 'tacos-user-4' });
});

test(`${normalization} > mergeStrategy > defaults to plain merging`, () => {
  const { entities, result } = normalize(
    [Tacos],
    [
      { id: '1', name: 'foo' },
      { id: '1', name: 'bar', alias: 'bar' },
    ],
  );
  assert.equal(entities, { Tacos: { 1: { alias: 'bar', id: '1', name: 'bar' } } });
  assert.equal(result, ['1', '1']);
});

test(`${normalization} > mergeStrategy > can use a custom merging strategy`, () => {
  class MergeTaco extends Tacos {
    static override merge(existing: any, incoming: any) {
      const props = Object.assign({}, existing, incoming, { name: (existing as MergeTaco).name });
      return this.fromJS(props);
    }
  }
  const { entities, result } = normalize(
    [MergeTaco],
    [
      { id: '1', name: 'foo' },
      { id: '1', name: 'bar', alias: 'bar' },
    ],
  );
  assert.equal(entities, { MergeTaco: { 1: instance(MergeTaco, { alias: 'bar', id: '1', name: 'foo' }) } });
  assert.equal(result, ['1', '1']);
});

test(`${normalization} > process > can use a custom processing strategy`, () => {
  class ProcessTaco extends Tacos {
    readonly slug: string = '';
    static override process(input: any): any {
      return { ...input, slug: `thing-${input.id}` };
    }
  }
  const { ctrl, result } = normalize(ProcessTaco, { id: '1', name: 'foo' });
  const final = denormalize(ProcessTaco, result, ctrl);
  assert.ok(final);
  assert.is(final.slug, 'thing-1');
  assert.equal(final, instance(ProcessTaco, { alias: undefined, id: '1', name: 'foo', slug: 'thing-1' }));
});

test(`${normalization} > process > can use information from the parent in the process strategy`, () => {
  class ChildEntity extends IDEntity {
    readonly content: string = '';
    readonly parentId: string = '';
    readonly parentKey: string = '';
    static override process(input: any, parent: any, key: string | undefined): any {
      return { ...input, parentId: parent?.id, parentKey: key };
    }
  }
  class ParentEntity extends IDEntity {
    readonly content: string = '';
    readonly child: ChildEntity = ChildEntity.fromJS({});
    static override schema = { child: ChildEntity };
  }
  const { ctrl, result } = normalize(ParentEntity, {
    id: '1',
    content: 'parent',
    child: { id: '4', content: 'child' },
  });
  const final = denormalize(ParentEntity, result, ctrl);
  assert.is(final?.child?.parentId, '1');
  assert.equal(
    final,
    instance(ParentEntity, {
      child: instance(ChildEntity, { content: 'child', id: '4', parentId: '1', parentKey: 'child' }),
      content: 'parent',
      id: '1',
    }),
  );
});

test(`${normalization} > process > is run before and passed to the schema denormalization`, () => {
  class AttachmentsEntity extends IDEntity {}
  class EntriesEntity extends IDEntity {
    readonly type: string = '';
    static override schema = { data: { attachment: AttachmentsEntity } };
    static override process(input: any): any {
      return { ...values(input)[0], type: Object.keys(input)[0] };
    }
  }
  const { ctrl, result } = normalize(EntriesEntity, { message: { id: '123', data: { attachment: { id: '456' } } } });
  const final = denormalize(EntriesEntity, result, ctrl);
  assert.is(final?.type, 'message');
  assert.equal(
    final,
    instance(EntriesEntity, {
      data: { attachment: instance(AttachmentsEntity, { id: '456' }) },
      id: '123',
      type: 'message',
    }),
  );
});

test(`${normalization} > process > when undefined is returned, INVALIDate the entity`, () => {
  class ProcessTaco extends Tacos {
    readonly slug: string = '';
    static override process(input: any): any {
      if (input.id === 'DELETE') return undefined;
      return { ...input, slug: `thing-${input.id}` };
    }
  }
  // Stored first, the row is removed: it reads as missing (data-client's INVALID symbol).
  const ctrl = controllerOf({ ProcessTaco: { DELETE: { id: 'DELETE', name: 'foo' } } });
  const { result } = normalize(ProcessTaco, { id: 'DELETE', name: 'foo' }, [], ctrl);
  assert.is(result, 'DELETE');
  assert.is(denormalize(ProcessTaco, result, ctrl), undefined);
  assert.is(ctrl.get(ProcessTaco, 'DELETE'), undefined);
  // still work in normal cases
  const out = normalize(ProcessTaco, { id: '1', name: 'foo' });
  assert.is(denormalize(ProcessTaco, out.result, out.ctrl)?.slug, 'thing-1');
});

const denormalization = 'Entity denormalization';

test(`${denormalization} > denormalizes an entity`, () => {
  assert.equal(
    denormalize(Tacos, '1', { Tacos: { '1': { id: '1', name: 'foo' } } }),
    instance(Tacos, { id: '1', name: 'foo' }),
  );
});

class Food extends Entity {}
class Menu extends Entity {
  food: Food = Food.fromJS();
  static override schema = { food: Food };
}

test(`${denormalization} > denormalizes deep entities`, () => {
  const entities = { Menu: { '1': { id: '1', food: '1' }, '2': { id: '2' } }, Food: { '1': { id: '1' } } };
  assert.equal(denormalize(Menu, '1', entities), instance(Menu, { food: instance(Food, { id: '1' }), id: '1' }));
  assert.equal(denormalize(Menu, '2', entities), instance(Menu, { food: instance(Food, {}), id: '2' }));
});

test(`${denormalization} > denormalizes deep entities while maintaining referential equality`, () => {
  const ctrl = controllerOf({ Menu: { '1': { id: '1', food: '1' }, '2': { id: '2' } }, Food: { '1': { id: '1' } } });
  const first = denormalize(Menu, '1', ctrl);
  const second = denormalize(Menu, '1', ctrl);
  assert.ok(first);
  assert.is(first, second);
  assert.is(first.food, second.food);
});

test.difference(
  `${denormalization} > denormalizes to undefined when validate() returns string`,
  'validation runs on write (DESIGN rule 16): a row validate() refuses is never stored, so no read meets it',
  () => {
    class MyTacos extends Tacos {
      static override validate(entity: any) {
        if (!Object.hasOwn(entity, 'name')) return 'no name';
      }
    }
    assert.throws(
      () => normalize(MyTacos, { id: '1' }),
      (e: Error) => e instanceof SchemaError && /invalid MyTacos at the response: no name/.test(e.message),
    );
    const { ctrl } = normalize(MyTacos, { id: '2', name: 'ok' });
    assert.is(ctrl.get(MyTacos, '1'), undefined);
    assert.instance(ctrl.get(MyTacos, '2'), MyTacos);
  },
);

test(`${denormalization} > denormalizes to undefined for missing data`, () => {
  const entities = { Menu: { '1': { id: '1', food: '2' } }, Food: { '1': { id: '1' } } };
  assert.equal(denormalize(Menu, '1', entities), instance(Menu, { food: undefined, id: '1' }));
  assert.is(denormalize(Menu, '2', entities), undefined);
});

test(`${denormalization} > should handle optional schema entries Entity`, () => {
  class MyEntity extends Entity {
    readonly name: string = '';
    readonly secondthing: string = '';
    readonly blarb: Date | undefined = undefined;
    override pk() {
      return this.name;
    }
    static override schema = { blarb: Temporal.Instant.from };
  }
  assert.equal(
    denormalize(MyEntity, 'bob', { MyEntity: { bob: { name: 'bob', secondthing: 'hi' } } }),
    instance(MyEntity, { blarb: undefined, name: 'bob', secondthing: 'hi' }),
  );
});

test(`${denormalization} > should handle null schema entries Entity`, () => {
  class MyEntity extends Entity {
    readonly name: string = '';
    readonly secondthing: string = '';
    readonly blarb: Date | null = null;
    override pk() {
      return this.name;
    }
    static override schema = { blarb: Temporal.Instant.from };
  }
  assert.equal(
    denormalize(MyEntity, 'bob', { MyEntity: { bob: { name: 'bob', secondthing: 'hi', blarb: null } } }),
    instance(MyEntity, { blarb: null, name: 'bob', secondthing: 'hi' }),
  );
});

test(`${denormalization} > denormalizes to undefined for deleted data`, () => {
  const entities = { Menu: { '1': { id: '1', food: '2' }, '2': INVALID }, Food: { '1': { id: '1' }, '2': INVALID } };
  // Removed rows read as `undefined` (data-client's INVALID symbol); Menu 1 requires its food.
  assert.is(denormalize(Menu, '1', entities), undefined);
  assert.is(denormalize(Menu, '2', entities), undefined);
});

test(`${denormalization} > can denormalize already partially denormalized data`, () => {
  const entities = { Menu: { '1': { id: '1', food: { id: '1' } } }, Food: { '1': { id: '1', extra: 'hi' } } };
  assert.equal(denormalize(Menu, '1', entities), instance(Menu, { food: instance(Food, { id: '1' }), id: '1' }));
});

class User extends IDEntity {
  readonly role = '';
  readonly reports: Report[] = [];
}
class Report extends IDEntity {
  readonly title: string = '';
  readonly draftedBy: User = User.fromJS();
  readonly publishedBy: User = User.fromJS();
  static override schema = { draftedBy: User, publishedBy: User };
}
User.schema = { reports: new schema.Array(Report) };
class Comment extends IDEntity {
  readonly body: string = '';
  readonly author: User = User.fromJS();
  static override schema = { author: User };
}

test(`${denormalization} > denormalizes recursive dependencies`, () => {
  const entities = {
    Report: { '123': { id: '123', title: 'Weekly report', draftedBy: '456', publishedBy: '456' } },
    User: { '456': { id: '456', role: 'manager', reports: ['123'] } },
  };
  const report = denormalize(Report, '123', entities);
  assert.instance(report, Report);
  assert.is(report.id, '123');
  assert.is(report.title, 'Weekly report');
  assert.instance(report.draftedBy, User);
  assert.equal([report.draftedBy.id, report.draftedBy.role], ['456', 'manager']);
  assert.is(report.draftedBy.reports[0], report, '[Circular]');
  assert.is(report.publishedBy, report.draftedBy);
  const user = denormalize(User, '456', entities);
  assert.instance(user, User);
  assert.equal([user.id, user.role], ['456', 'manager']);
  assert.instance(user.reports[0], Report);
  assert.is(user.reports[0].draftedBy, user, '[Circular]');
  assert.is(user.reports[0].publishedBy, user, '[Circular]');
  assert.is(user.reports[0].title, 'Weekly report');
});

const reportEntities = {
  Report: { '123': { id: '123', title: 'Weekly report', draftedBy: '456', publishedBy: '456' } },
  Comment: { '999': { id: '999', body: 'Good morning', author: '456' } },
  User: {
    '456': { id: '456', role: 'manager', reports: ['123'] },
    '457': { id: '457', role: 'servant', reports: ['123'] },
  },
};

test(`${denormalization} > denormalizes recursive entities with referential equality`, () => {
  const ctrl = controllerOf(reportEntities);
  const denormalizedReport = denormalize(Report, '123', ctrl);
  assert.ok(denormalizedReport);
  assert.is(denormalizedReport, denormalizedReport.draftedBy?.reports[0]);
  assert.is(denormalizedReport.publishedBy, denormalizedReport.draftedBy);
  assert.is(denormalizedReport.draftedBy?.reports[0].draftedBy, denormalizedReport.draftedBy);
  const denormalizedReport2 = denormalize(Report, '123', ctrl);
  assert.equal(denormalizedReport2, denormalizedReport);
  assert.is(denormalizedReport2, denormalizedReport);
});

class Department extends IDEntity {
  readonly name: string = '';
  readonly buildings: Building[] = [];
}
class Building extends IDEntity {
  readonly name: string = '';
  readonly departments: Department[] = [];
  static override schema = { departments: [Department] };
}
Department.schema = { buildings: new schema.Array(Building) };

function buildChain(length: number) {
  const departmentEntities: Record<string, any> = {};
  const buildingEntities: Record<string, any> = {};
  for (let i = 0; i < length; i++) {
    departmentEntities[`dept-${i}`] = { id: `dept-${i}`, name: `Department ${i}`, buildings: [`bldg-${i}`] };
    buildingEntities[`bldg-${i}`] = {
      id: `bldg-${i}`,
      name: `Building ${i}`,
      departments: i < length - 1 ? [`dept-${i + 1}`] : [],
    };
  }
  return { Department: departmentEntities, Building: buildingEntities };
}

const graphs = `${denormalization} > large cross-type bidirectional entity graphs (#3822)`;

test(`${graphs} > does not overflow stack`, () => {
  const entities = buildChain(1500);
  capture('error', () => {
    assert.instance(denormalize(Department, 'dept-0', entities), Department);
    const ctrl = controllerOf(entities);
    assert.instance(denormalize(Department, 'dept-0', ctrl), Department);
  });
});

test(`${graphs} > entities within depth limit are fully resolved`, () => {
  const result = denormalize(Department, 'dept-0', buildChain(5));
  assert.ok(result);
  assert.is(result.id, 'dept-0');
  assert.is(result.buildings[0].id, 'bldg-0');
  assert.is(result.buildings[0].departments[0].id, 'dept-1');
});

test(`${graphs} > entities beyond depth limit have unresolved nested ids`, () => {
  const entities = buildChain(1500);
  let result: any;
  const errors = capture('error', () => {
    result = denormalize(Department, 'dept-0', entities);
  });
  assert.ok(result);
  // walk to a depth-limited entity: each dept→bldg→dept step is 2 entity depths
  let node: any = result;
  for (let i = 0; i < 30; i++) {
    assert.ok(node.buildings);
    assert.is(node.buildings.length, 1);
    node = node.buildings[0].departments[0];
  }
  assert.instance(node, Department);
  // Deeper down, past the limit (256 here), nested entities are their stored pks.
  for (let i = 30; i < 128; i++) node = node.buildings[0].departments[0];
  assert.is(node.id, 'dept-128');
  assert.equal(node.buildings, ['bldg-128']);
  // Reported in development.
  assert.is(
    errors.some((args) => String(args[0]).includes('Entity depth limit')),
    dev,
  );
});

test(`${graphs} > depth-limited entity that is missing from store`, () => {
  const entities = buildChain(200);
  // dept-128 is the first Department met at the default depth limit here (256).
  delete (entities.Department as any)['dept-128'];
  capture('error', () => {
    const result = denormalize(Department, 'dept-0', entities);
    assert.instance(result, Department);
  });
});

test(`${graphs} > depth-limited entity that fails validation`, () => {
  class ValidatedDept extends IDEntity {
    readonly name: string = '';
    readonly buildings: ValidatedBldg[] = [];
    static override validate(processedEntity: any) {
      if (processedEntity.name === 'INVALID') return 'invalid entity';
    }
  }
  class ValidatedBldg extends IDEntity {
    readonly name: string = '';
    readonly departments: ValidatedDept[] = [];
    static override schema = { departments: [ValidatedDept] };
  }
  ValidatedDept.schema = { buildings: new schema.Array(ValidatedBldg) };
  const deptEntities: Record<string, any> = {};
  const bldgEntities: Record<string, any> = {};
  for (let i = 0; i < 200; i++) {
    deptEntities[`dept-${i}`] = {
      id: `dept-${i}`,
      // dept-128 is the first depth-limited Department; mark it invalid
      name: i === 128 ? 'INVALID' : `Department ${i}`,
      buildings: [`bldg-${i}`],
    };
    bldgEntities[`bldg-${i}`] = {
      id: `bldg-${i}`,
      name: `Building ${i}`,
      departments: i < 199 ? [`dept-${i + 1}`] : [],
    };
  }
  capture('error', () => {
    const result = denormalize(ValidatedDept, 'dept-0', { ValidatedDept: deptEntities, ValidatedBldg: bldgEntities });
    assert.instance(result, ValidatedDept);
  });
});

test(`${graphs} > depth-limited entity with inline object input`, () => {
  const entities = buildChain(200);
  // bldg-127's departments are read at the depth limit (256): an inline object, not a pk.
  (entities.Building as any)['bldg-127'].departments = [
    { id: 'dept-128', name: 'Inline Department 128', buildings: [] },
  ];
  let result: any;
  capture('error', () => {
    result = denormalize(Department, 'dept-0', entities);
  });
  assert.ok(result);
  let node: any = result;
  for (let i = 0; i < 127; i++) node = node.buildings[0].departments[0];
  assert.is(node.id, 'dept-127');
  const depthLimitedBldg = node.buildings[0];
  assert.is(depthLimitedBldg.id, 'bldg-127');
  const inlineDept = depthLimitedBldg.departments[0];
  assert.instance(inlineDept, Department);
  assert.is(inlineDept.id, 'dept-128');
});

test(`${graphs} > maxEntityDepth on Entity lowers the limit`, () => {
  class LimitedDept extends IDEntity {
    readonly name: string = '';
    readonly buildings: LimitedBldg[] = [];
    static override maxEntityDepth = 10;
  }
  class LimitedBldg extends IDEntity {
    readonly name: string = '';
    readonly departments: LimitedDept[] = [];
    static override schema = { departments: [LimitedDept] };
    static override maxEntityDepth = 10;
  }
  LimitedDept.schema = { buildings: new schema.Array(LimitedBldg) };
  const deptEntities: Record<string, any> = {};
  const bldgEntities: Record<string, any> = {};
  for (let i = 0; i < 50; i++) {
    deptEntities[`dept-${i}`] = { id: `dept-${i}`, name: `Department ${i}`, buildings: [`bldg-${i}`] };
    bldgEntities[`bldg-${i}`] = {
      id: `bldg-${i}`,
      name: `Building ${i}`,
      departments: i < 49 ? [`dept-${i + 1}`] : [],
    };
  }
  let result: any;
  const errors = capture('error', () => {
    result = denormalize(LimitedDept, 'dept-0', { LimitedDept: deptEntities, LimitedBldg: bldgEntities });
  });
  assert.ok(result);
  // depth 10 means 5 full hops (dept→bldg = 2 entity levels per hop); walk 4 hops safely
  let node: any = result;
  for (let i = 0; i < 4; i++) {
    assert.ok(node.buildings);
    assert.is(node.buildings.length, 1);
    node = node.buildings[0].departments[0];
  }
  assert.instance(node, LimitedDept);
  assert.is(
    errors.some((args) => String(args[0]).includes('Entity depth limit of 10')),
    dev,
  );
});

test(`${graphs} > depth limit with MemoCache does not cache truncated results`, () => {
  const ctrl = controllerOf(buildChain(1500));
  capture('error', () => {
    const result1 = denormalize(Department, 'dept-0', ctrl);
    assert.ok(result1);
    const result2 = denormalize(Department, 'dept-0', ctrl);
    assert.ok(result2);
    assert.is(result2, result1);
  });
});

test(`${denormalization} > denormalizes maintain referential equality when appropriate`, () => {
  const ctrl = controllerOf(reportEntities);
  const input = { report: '123', comment: '999' };
  const sch = new schema.Object({ report: Report, comment: Comment });
  const denormalizedReport = denormalize(sch, input, ctrl);
  assert.ok(denormalizedReport.report);
  assert.ok(denormalizedReport.comment);
  assert.is(denormalizedReport.report.publishedBy, denormalizedReport.comment.author);
  const denormalizedReport2 = denormalize(sch, input, ctrl);
  assert.equal(denormalizedReport2, denormalizedReport);
  assert.is(denormalizedReport2, denormalizedReport);
  // should update all uses of user
  // (`role = ''` is typed as the literal `''`: the peer writes the table by hand.)
  ctrl.set(User, { ...reportEntities.User['456'], role: 'supervisor' as '' });
  const denormalizedReport3 = denormalize(sch, input, ctrl);
  assert.is(denormalizedReport3.comment?.author?.role, 'supervisor');
  assert.is(denormalizedReport3.report?.draftedBy?.role, 'supervisor');
});

const optional = `${denormalization} > optional entities`;

test(`${optional} > should be marked as found even when optional is not there`, () => {
  const response = denormalize(WithOptional, 'abc', {
    [WithOptional.key]: { abc: { id: 'abc', requiredArticle: '5', nextPage: 'blob' } },
    [ArticleEntity.key]: { ['5']: { id: '5' } },
  });
  assert.ok(response);
  assert.instance(response, WithOptional);
  assert.equal(
    response,
    instance(WithOptional, {
      id: 'abc',
      article: null,
      requiredArticle: ArticleEntity.fromJS({ id: '5' }),
      nextPage: 'blob',
    }),
  );
});

test(`${optional} > should be marked as found when nested entity is missing`, () => {
  const response = denormalize(WithOptional, 'abc', {
    [WithOptional.key]: { abc: { id: 'abc', article: '5', nextPage: 'blob' } },
    [ArticleEntity.key]: { ['5']: { id: '5' } },
  });
  assert.instance(response, WithOptional);
  assert.equal(
    response,
    instance(WithOptional, {
      id: 'abc',
      article: ArticleEntity.fromJS({ id: '5' }),
      requiredArticle: ArticleEntity.fromJS(),
      nextPage: 'blob',
    }),
  );
});

test(`${optional} > should be marked as deleted when required entity is deleted symbol`, () => {
  const denormalized = denormalize(WithOptional, 'abc', {
    [WithOptional.key]: { abc: { id: 'abc', requiredArticle: '5', nextPage: 'blob' } },
    [ArticleEntity.key]: { ['5']: INVALID },
  });
  // Read as removed: `undefined` (data-client's INVALID symbol).
  assert.is(denormalized, undefined);
});

test(`${optional} > should be non-required deleted members should not result in deleted indicator`, () => {
  const response = denormalize(WithOptional, 'abc', {
    [WithOptional.key]: { abc: { id: 'abc', article: '5', requiredArticle: '6', nextPage: 'blob' } },
    [ArticleEntity.key]: { ['5']: INVALID, ['6']: { id: '6' } },
  });
  assert.instance(response, WithOptional);
  assert.equal(
    response,
    instance(WithOptional, {
      id: 'abc',
      article: undefined,
      requiredArticle: ArticleEntity.fromJS({ id: '6' }),
      nextPage: 'blob',
    }),
  );
});

test(`${optional} > should be deleted when both are true in different parts of schema`, () => {
  const denormalized = denormalize(
    new schema.Object({ data: WithOptional, other: ArticleEntity }),
    { data: 'abc' },
    {
      [WithOptional.key]: { abc: { id: 'abc', article: '6', requiredArticle: '5', nextPage: 'blob' } },
      [ArticleEntity.key]: { ['5']: INVALID, ['6']: { id: '6' } },
    },
  );
  assert.is(denormalized, undefined);
});

test('Entity.defaults > should work with inheritance', () => {
  abstract class DefaultsEntity extends Entity {
    static getMyDefaults() {
      return this.defaults;
    }
  }
  class ID extends DefaultsEntity {
    id = '';
    override pk() {
      return this.id;
    }
  }
  class UserEntity extends ID {
    username = '';
    createdAt = Temporal.Instant.fromEpochMilliseconds(0);
    static override schema = { createdAt: Temporal.Instant.from };
  }
  assert.equal(ID.getMyDefaults(), instance(ID, { id: '' }));
  const defaults = UserEntity.getMyDefaults();
  assert.instance(defaults, UserEntity);
  assert.equal(Object.keys(defaults).sort(), ['createdAt', 'id', 'username']);
  assert.is(defaults.createdAt.toString(), '1970-01-01T00:00:00Z');
  assert.is(defaults.id, '');
  assert.is(defaults.username, '');
});

test.run();
