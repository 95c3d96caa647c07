import { WORKSPACE_HOME } from '@/lib/shared/workspace/workspace-home';
import {
  addTag,
  clearTags,
  HOME_TAG,
  isClosable,
  NOT_FOUND_TITLE,
  parseStoredTags,
  removeTag,
  type TagEntry,
} from '../tags/tag-list';

const tag = (path: string, title = path): TagEntry => ({ path, href: path, title });

describe('tag list (spec 2.4, 4.7)', () => {
  it('starts from the home tab and adds pages in visit order without duplicates', () => {
    let tags = addTag([], tag('/unLockListPage', '已解锁企业'));
    tags = addTag(tags, tag('/favoritesPage', '我的收藏'));
    tags = addTag(tags, {
      path: '/unLockListPage',
      href: '/unLockListPage?x=1',
      title: '已解锁企业',
    });
    expect(tags.map((t) => t.path)).toEqual([HOME_TAG.path, '/unLockListPage', '/favoritesPage']);
    // Revisiting keeps the place but remembers the latest address.
    expect(tags[1].href).toBe('/unLockListPage?x=1');
  });

  it('gives the not-found page no tab, and takes back one its address got a moment before', () => {
    let tags = addTag([], tag('/unLockListPage', '已解锁企业'));
    tags = addTag(tags, tag('/policy-analysis/x', NOT_FOUND_TITLE));
    expect(tags.map((t) => t.title)).toEqual(['首页', '已解锁企业']);
    // Client navigation: the new address is added while the document shows the old title.
    tags = addTag(tags, tag('/policy-analysis/y', '已解锁企业'));
    tags = addTag(tags, tag('/policy-analysis/y', ` ${NOT_FOUND_TITLE} `));
    expect(tags.map((t) => t.path)).toEqual([HOME_TAG.path, '/unLockListPage']);
    // A stored list written before this rule loses the entry as well; the home tab stays.
    expect(
      parseStoredTags(JSON.stringify([tag('/', '首页'), tag('/gone', NOT_FOUND_TITLE)])).map(
        (t) => t.path,
      ),
    ).toEqual([HOME_TAG.path]);
    expect(addTag(clearTags(), tag('/', NOT_FOUND_TITLE)).map((t) => t.path)).toEqual([
      HOME_TAG.path,
    ]);
  });

  it('never lets the first tab be closed', () => {
    const tags = addTag(clearTags(), tag('/a'));
    expect(isClosable(tags, HOME_TAG.path)).toBe(false);
    expect(isClosable(tags, '/a')).toBe(true);
    expect(removeTag(tags, HOME_TAG.path, '/a')).toEqual({ tags, goTo: null });
  });

  it('closing the active tab opens the last remaining one', () => {
    const tags = [HOME_TAG, tag('/a'), tag('/b'), tag('/c')];
    expect(removeTag(tags, '/b', '/b')).toEqual({
      tags: [HOME_TAG, tag('/a'), tag('/c')],
      goTo: '/c',
    });
    expect(removeTag(tags, '/c', '/c').goTo).toBe('/b');
  });

  it('closing another tab stays on the current page', () => {
    const tags = [HOME_TAG, tag('/a'), tag('/b')];
    expect(removeTag(tags, '/a', '/b')).toEqual({ tags: [HOME_TAG, tag('/b')], goTo: null });
  });

  it('closing the only closable tab while on it goes home', () => {
    expect(removeTag([HOME_TAG, tag('/a')], '/a', '/a').goTo).toBe(HOME_TAG.href);
  });

  it('the home tab is the workspace home, not the marketing page (issue 28 item 7)', () => {
    expect(HOME_TAG).toEqual({ path: WORKSPACE_HOME, href: WORKSPACE_HOME, title: '首页' });
    // A list stored when the home tab was / loses that tab.
    expect(parseStoredTags(JSON.stringify([tag('/', '首页'), tag('/a')]))).toEqual([
      HOME_TAG,
      tag('/a'),
    ]);
  });

  it('clears back to the home tab', () => {
    expect(clearTags()).toEqual([HOME_TAG]);
  });

  it('reads stored tabs defensively: bad JSON, other shapes and foreign addresses give home', () => {
    expect(parseStoredTags(null)).toEqual([HOME_TAG]);
    expect(parseStoredTags('{not json')).toEqual([HOME_TAG]);
    expect(parseStoredTags('{"a":1}')).toEqual([HOME_TAG]);
    const stored = JSON.stringify([
      tag('/a', 'A'),
      { path: '/evil', href: '//evil.example/x', title: 'x' },
      { path: 'relative', href: '/r', title: 'r' },
      tag('/a', 'A again'),
      42,
    ]);
    expect(parseStoredTags(stored)).toEqual([HOME_TAG, tag('/a', 'A again')]);
  });
});
