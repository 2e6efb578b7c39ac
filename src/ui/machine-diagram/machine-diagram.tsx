import { useId } from 'react';
import { FONT_SIZE } from './elk-graph';
import type { DiagramMarks } from './flow-graph-marks';
import type { PlacedEdge, PlacedLayout, PlacedNode } from './placed-layout';

export type { DiagramMarks };

/** Colours as values: SVG attributes, not classes, so the drawing is self-contained. Contrast ≥ 4.5:1 on white. */
const INK = '#1f2937';
const MUTED = '#6b7280';
const ACCENT = '#1d4ed8';
const ACCENT_FILL = '#dbe7ff';
const LAST = '#b45309';
const COVERED = '#047857';
const UNCOVERED = '#b91c1c';


function edgeColour(edge: PlacedEdge, marks: DiagramMarks): { stroke: string; width: number; dash?: string; state: string } {
  if (edge.transitionIds.some((id) => marks.last?.has(id))) return { stroke: LAST, width: 3, state: 'last' };
  if (marks.steps && edge.transitionIds.some((id) => marks.steps!.has(id))) return { stroke: ACCENT, width: 3, state: 'taken' };
  if (marks.covered) {
    const covered = edge.transitionIds.filter((id) => marks.covered!.has(id)).length;
    if (covered === edge.transitionIds.length) return { stroke: COVERED, width: 2, state: 'covered' };
    return { stroke: UNCOVERED, width: 2, dash: '6 4', state: covered ? 'partly-covered' : 'not-covered' };
  }
  return { stroke: MUTED, width: 1.5, state: 'plain' };
}

function Node({ node, marks, onPick }: { node: PlacedNode; marks: DiagramMarks; onPick?: (state: string) => void }) {
  const active = marks.active?.has(node.id) ?? false;
  const visited = marks.visited?.has(node.id) ?? false;
  const compound = node.kind === 'compound' || node.kind === 'parallel';
  const fill = active ? ACCENT_FILL : compound ? '#f9fafb' : '#ffffff';
  const stroke = active || visited ? ACCENT : node.kind === 'any' ? MUTED : INK;
  return (
    <g
      data-state={node.id}
      data-active={active || undefined}
      data-visited={visited || undefined}
      onClick={onPick && node.kind !== 'any' ? (event) => (event.stopPropagation(), onPick(node.id)) : undefined}
      style={onPick && node.kind !== 'any' ? { cursor: 'pointer' } : undefined}
    >
      <rect
        x={node.x}
        y={node.y}
        width={node.width}
        height={node.height}
        rx={compound ? 10 : 18}
        fill={fill}
        stroke={stroke}
        strokeWidth={active ? 3 : visited ? 2.5 : 1.2}
        strokeDasharray={node.kind === 'any' ? '4 4' : undefined}
      />
      {node.kind === 'final' ? <rect x={node.x + 4} y={node.y + 4} width={node.width - 8} height={node.height - 8} rx={14} fill="none" stroke={stroke} /> : null}
      <text
        x={compound ? node.x + 12 : node.x + node.width / 2}
        y={compound ? node.y + 20 : node.y + node.height / 2 + FONT_SIZE / 3}
        textAnchor={compound ? 'start' : 'middle'}
        fontSize={FONT_SIZE}
        fontWeight={active ? 700 : compound ? 600 : 400}
        fill={INK}
      >
        {node.label}
      </text>
    </g>
  );
}

function Edge({ edge, marks, arrow }: { edge: PlacedEdge; marks: DiagramMarks; arrow: (colour: string) => string }) {
  const look = edgeColour(edge, marks);
  const d = edge.points.map((p, i) => `${i ? 'L' : 'M'}${p.x},${p.y}`).join(' ');
  const numbers = marks.steps ? edge.transitionIds.flatMap((id) => marks.steps!.get(id) ?? []) : [];
  return (
    <g data-edge={edge.transitionIds.join(' ')} data-look={look.state}>
      <path d={d} fill="none" stroke={look.stroke} strokeWidth={look.width} strokeDasharray={look.dash} markerEnd={`url(#${arrow(look.stroke)})`} />
      {edge.label
        ? edge.labels.map((text, i) => (
            <text key={i} x={edge.label!.x} y={edge.label!.y + (i + 1) * 16 - 4} fontSize={FONT_SIZE - 1} fill={look.state === 'plain' ? INK : look.stroke}>
              {text}
            </text>
          ))
        : null}
      {numbers.length && edge.label ? (
        <text x={edge.label.x - 4} y={edge.label.y + 12} textAnchor="end" fontSize={FONT_SIZE} fontWeight={700} fill={ACCENT}>
          {numbers.join(', ')}
        </text>
      ) : null}
    </g>
  );
}

/**
 * A laid-out machine as SVG: states as boxes (compound ones containing their children), transitions as routed
 * edges with their labels, and the marks the explorer or the audit page put on them. `label` names the drawing for
 * assistive tech; the pages say the same in text beside it. `onPickState`: a click on a state (a pointer shortcut;
 * the page offers the same choice as a control, since the drawing is one image to assistive tech).
 */
export function MachineDiagram({ layout, marks, label, onPickState }: { layout: PlacedLayout; marks: DiagramMarks; label: string; onPickState?: (state: string) => void }) {
  const id = useId().replace(/:/g, '');
  const colours = [INK, MUTED, ACCENT, LAST, COVERED, UNCOVERED];
  const arrow = (colour: string) => `${id}-arrow-${colours.indexOf(colour)}`;
  const pad = 8;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-pad} ${-pad} ${layout.width + 2 * pad + 120} ${layout.height + 2 * pad}`}
      width={layout.width + 2 * pad + 120}
      style={{ maxWidth: '100%', height: 'auto', fontFamily: 'inherit' }}
    >
      <defs>
        {colours.map((c) => (
          <marker key={c} id={arrow(c)} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0,0 L10,5 L0,10 z" fill={c} />
          </marker>
        ))}
      </defs>
      {layout.nodes.map((n) => (
        <Node key={n.id} node={n} marks={marks} onPick={onPickState} />
      ))}
      {layout.edges.map((e) => (
        <Edge key={e.id} edge={e} marks={marks} arrow={arrow} />
      ))}
    </svg>
  );
}
