import { Flex, Tag, Tooltip } from 'antd';
import { tagsOf } from './format';

/** Tags shown before "+n" when the full view is off. */
const COLLAPSED_TAGS = 2;

/** The tags of an item: the first few and a count, or all of them in the full view. */
export function TagsCell({ tags, isFull }: { tags: string; isFull: boolean }) {
  const list = tagsOf(tags);
  const shown = isFull ? list : list.slice(0, COLLAPSED_TAGS);
  const hidden = list.slice(shown.length);
  return (
    <Flex gap={4} wrap={isFull}>
      {shown.map((tag) => (
        <Tag key={tag} style={{ marginInlineEnd: 0 }}>
          {tag}
        </Tag>
      ))}
      {hidden.length > 0 && (
        <Tooltip title={hidden.join(', ')}>
          <Tag style={{ marginInlineEnd: 0 }}>+{hidden.length}</Tag>
        </Tooltip>
      )}
    </Flex>
  );
}
