import { useRef } from 'preact/hooks';

/** How far (a share of the row's width) a swipe must go to act; less springs back. */
const ACT_AT = 0.3;
/** Movement before a gesture counts as a horizontal swipe rather than a tap or a scroll. */
const SLOP_PX = 10;

export interface SwipeHandlers {
  /** Swiped right past the threshold; undefined: a right swipe does nothing. */
  right?: () => void;
  /** Swiped left past the threshold; undefined: a left swipe does nothing. */
  left?: () => void;
}

/**
 * A horizontal swipe on a row (pointer events, so touch, pen and mouse alike): the row follows the
 * finger, a hint behind it says what letting go will do, and past 30 % of its width it acts. Vertical
 * movement stays a scroll (`touch-action: pan-y`), and a swipe never also counts as a tap.
 */
export function useSwipe(handlers: SwipeHandlers) {
  const row = useRef<HTMLDivElement>(null);
  const gesture = useRef<{ id: number; x: number; y: number; dx: number; swiping: boolean } | null>(null);
  const swallowClick = useRef(false);

  const move = (dx: number) => {
    const element = row.current;
    if (!element) return;
    const limited = dx > 0 ? (handlers.right ? dx : 0) : handlers.left ? dx : 0;
    element.style.transform = limited === 0 ? '' : `translateX(${limited}px)`;
    element.dataset.swipe = limited > 0 ? 'right' : limited < 0 ? 'left' : '';
    element.classList.toggle('dragging', gesture.current?.swiping ?? false);
  };

  return {
    ref: row,
    onPointerDown(event: PointerEvent) {
      if (event.button !== 0) return;
      gesture.current = { id: event.pointerId, x: event.clientX, y: event.clientY, dx: 0, swiping: false };
    },
    onPointerMove(event: PointerEvent) {
      const now = gesture.current;
      if (!now || now.id !== event.pointerId) return;
      const dx = event.clientX - now.x;
      const dy = event.clientY - now.y;
      if (!now.swiping) {
        if (Math.abs(dy) > SLOP_PX && Math.abs(dy) > Math.abs(dx)) {
          gesture.current = null;
          return;
        }
        if (Math.abs(dx) < SLOP_PX) return;
        now.swiping = true;
        row.current?.setPointerCapture(event.pointerId);
      }
      now.dx = dx;
      move(dx);
    },
    onPointerUp(event: PointerEvent) {
      const now = gesture.current;
      gesture.current = null;
      if (!now || now.id !== event.pointerId || !now.swiping) return;
      swallowClick.current = true;
      const width = row.current?.offsetWidth ?? 1;
      move(0);
      if (now.dx > width * ACT_AT && handlers.right) handlers.right();
      else if (now.dx < -width * ACT_AT && handlers.left) handlers.left();
    },
    onPointerCancel() {
      gesture.current = null;
      move(0);
    },
    /** On the row, capturing: the click that ends a swipe is not a tap on what is under it. */
    onClickCapture(event: MouseEvent) {
      if (!swallowClick.current) return;
      swallowClick.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
}
