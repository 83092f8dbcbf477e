import { useDroppable } from '@dnd-kit/core';
import { ArrowUpOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Fragment } from 'react';
import type { DropState } from './item-tile';
import type { BrowserCrumb } from './types';

const Crumb = ({ crumb, current, dropState, onOpen }: { crumb: BrowserCrumb; current: boolean; dropState: DropState; onOpen: () => void }) => {
  // A crumb above the open folder takes drops: moving items up the path.
  const drop = useDroppable({ id: `crumb:${crumb.id ?? ''}`, disabled: current, data: { kind: 'crumb', folderId: crumb.id } });
  return (
    <button
      ref={drop.setNodeRef}
      type="button"
      className={`herd-fb-crumb${current ? ' current' : ''}${dropState !== 'none' ? ` drop-${dropState}` : ''}`}
      aria-current={current ? 'location' : undefined}
      onClick={onOpen}
    >
      {crumb.name}
    </button>
  );
};

/** The path to the open folder, each folder of it one click away, and Up to the folder above. */
export const Breadcrumbs = ({
  path,
  onOpen,
  dropStateOf,
}: {
  path: BrowserCrumb[];
  onOpen: (id: string | null) => void;
  dropStateOf: (id: string | null) => DropState;
}) => {
  const parent = path.length > 1 ? path[path.length - 2]! : null;
  return (
    <nav aria-label="Folder path" className="herd-fb-crumbs">
      <Button size="small" icon={<ArrowUpOutlined />} aria-label="Up one folder" title="Up one folder" disabled={!parent} onClick={() => parent && onOpen(parent.id)} />
      <span className="herd-fb-crumb-list">
        {path.map((crumb, index) => (
          <Fragment key={crumb.id ?? 'top'}>
            {index > 0 ? <RightOutlined aria-hidden className="herd-fb-crumb-sep" /> : null}
            <Crumb crumb={crumb} current={index === path.length - 1} dropState={dropStateOf(crumb.id)} onOpen={() => onOpen(crumb.id)} />
          </Fragment>
        ))}
      </span>
    </nav>
  );
};
