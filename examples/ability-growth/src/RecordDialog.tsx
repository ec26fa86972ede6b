import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { AbilityGrowthProps } from '@examkit/modules';

/**
 * A dialog a sub-application would open at `document.body`: here it goes to the host's
 * portal target, inside the style boundary (docs/ability-growth.md).
 */
export function RecordDialog({ host, onClose }: { host: AbilityGrowthProps; onClose(): void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    close.current?.focus();
    return host.tracked.addEventListener<KeyboardEvent>(document, 'keydown', (event) => {
      if (event.key === 'Escape') onClose();
    });
  }, [host, onClose]);

  return createPortal(
    <div className="ag-mask">
      <div className="ag-dialog" role="dialog" aria-modal="true" aria-labelledby="ag-dialog-title">
        <h3 id="ag-dialog-title">填写说明</h3>
        <p>每条成长记录写明时间、活动和收获，班主任审核后计入综合素质评价。</p>
        <button ref={close} type="button" className="ag-button" onClick={onClose}>
          知道了
        </button>
      </div>
    </div>,
    host.portalTarget,
  );
}
