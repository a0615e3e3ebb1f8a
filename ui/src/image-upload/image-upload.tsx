import { useId, useRef, useState, type DragEvent, type KeyboardEvent, type MouseEvent } from 'react';
import {
  Button,
  Caption1,
  Label,
  makeStyles,
  mergeClasses,
  ProgressBar,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowUploadRegular, DeleteRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { imageLimitsQueryOptions, setImageFocus, uploadImage, type ImageRef, type ImageTarget } from '@hub/shared';

/**
 * The one image upload control (issue 27): a button and a drop zone, the API's refusal shown inline,
 * a preview on which a click sets the focal point (the subject every crop keeps in view), and
 * Remove. The form owns the value (an ImageRef or null) and saves its id in its field.
 */

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  zone: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalL,
    border: `${tokens.strokeWidthThick} dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    textAlign: 'center',
  },
  dragging: {
    border: `${tokens.strokeWidthThick} dashed ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorBrandBackground2,
  },
  preview: {
    position: 'relative',
    cursor: 'crosshair',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    maxWidth: '480px',
    lineHeight: 0,
  },
  image: { width: '100%', height: 'auto', display: 'block' },
  marker: {
    position: 'absolute',
    width: '20px',
    height: '20px',
    marginLeft: '-10px',
    marginTop: '-10px',
    borderRadius: '50%',
    border: `${tokens.strokeWidthThick} solid #ffffff`,
    boxShadow: tokens.shadow4,
    pointerEvents: 'none',
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  error: { color: tokens.colorPaletteRedForeground1 },
  hidden: { display: 'none' },
});

export interface ImageUploadProps {
  label: string;
  /** What the image is for: the API authorises and files it by this. */
  target: ImageTarget;
  value: ImageRef | null;
  onChange: (value: ImageRef | null) => void;
  /** One line under the label: what the image is used for, its best shape. */
  hint?: string;
}

/** The preview's source: the narrowest WebP at least 480 px wide (the preview's width), else the widest. */
function previewOf(ref: ImageRef): string {
  const webp = ref.variants.filter((v) => v.format === 'webp');
  return (webp.find((v) => v.width >= 480) ?? webp.at(-1))!.url;
}

const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 100) / 100;

export function ImageUpload({ label, target, value, onChange, hint }: ImageUploadProps) {
  const styles = useStyles();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  async function run(work: () => Promise<ImageRef>) {
    setBusy(true);
    setError(null);
    try {
      onChange(await work());
    } catch (failure) {
      // The API's own sentence ("Images can be at most 8 MB", "This file is not an image…").
      setError(failure instanceof Error ? failure.message : 'The image could not be uploaded');
    } finally {
      setBusy(false);
    }
  }

  const queryClient = useQueryClient();
  const send = (file: File | undefined) =>
    file &&
    run(async () => {
      // A file over the API's limit is refused here, with the API's sentence, before megabytes are
      // sent (a phone on a slow line); unknown limits (the read failed) leave it to the API.
      const limits = await queryClient.fetchQuery(imageLimitsQueryOptions()).catch(() => null);
      if (limits && file.size > limits.maxBytes) throw new Error(limits.tooLarge);
      return uploadImage(target, file);
    });

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void send(event.dataTransfer.files[0]);
  }

  function setFocus(x: number, y: number) {
    if (!value) return;
    void run(() => setImageFocus(value.id, { focalX: round(x), focalY: round(y) }));
  }

  function onPreviewClick(event: MouseEvent<HTMLDivElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    setFocus((event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height);
  }

  /** Arrow keys move the focal point by a tenth, for whoever does not use a pointer. */
  function onPreviewKey(event: KeyboardEvent<HTMLDivElement>) {
    if (!value) return;
    const step = { ArrowLeft: [-0.1, 0], ArrowRight: [0.1, 0], ArrowUp: [0, -0.1], ArrowDown: [0, 0.1] }[event.key];
    if (!step) return;
    event.preventDefault();
    setFocus(value.focalX + step[0]!, value.focalY + step[1]!);
  }

  return (
    <div className={styles.root} data-testid="image-upload">
      <Label htmlFor={id}>{label}</Label>
      {hint && <Caption1>{hint}</Caption1>}
      {value ? (
        <>
          <div
            className={styles.preview}
            role="button"
            tabIndex={0}
            aria-label={`Focal point of the image: ${Math.round(value.focalX * 100)}% across, ${Math.round(value.focalY * 100)}% down. Click the subject, or use the arrow keys, to keep it in view in every crop.`}
            onClick={onPreviewClick}
            onKeyDown={onPreviewKey}
            data-testid="image-upload-preview"
          >
            <img src={previewOf(value)} alt="" width={value.width} height={value.height} className={styles.image} />
            <span
              className={styles.marker}
              style={{ left: `${value.focalX * 100}%`, top: `${value.focalY * 100}%` }}
              data-testid="image-upload-focal"
            />
          </div>
          <Caption1>Click the subject of the picture: every crop keeps it in view.</Caption1>
        </>
      ) : (
        <div
          className={mergeClasses(styles.zone, dragging && styles.dragging)}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="image-upload-zone"
        >
          <Text>Drop an image here, or</Text>
        </div>
      )}
      <div className={styles.actions}>
        <Button icon={<ArrowUploadRegular />} disabled={busy} onClick={() => input.current?.click()}>
          {value ? 'Replace image' : 'Choose an image'}
        </Button>
        {value && (
          <Button icon={<DeleteRegular />} appearance="subtle" disabled={busy} onClick={() => onChange(null)}>
            Remove
          </Button>
        )}
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/*"
          className={styles.hidden}
          onChange={(event) => {
            void send(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      {busy && <ProgressBar aria-label="Uploading the image" />}
      {error && (
        <Text role="alert" className={styles.error}>
          {error}
        </Text>
      )}
    </div>
  );
}
