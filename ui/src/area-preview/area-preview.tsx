import { useState } from 'react';
import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Title1,
  tokens,
} from '@fluentui/react-components';
import { appConfigAtom, showAlert, useAtomValue } from '@hub/shared';
import { usePageTitle } from '../page/use-page-title';

/*
 * STUB: the events (issue 11) and admin (issue 12) areas replace it screen by screen. Until an
 * area's screens are built, each of its routes says plainly that it is not available yet, on
 * screen and here. One copy for both remotes; delete it when the last preview screen is gone.
 */
const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '60rem' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

export interface AreaPreviewProps {
  area: string;
  screen: string;
  coming: string[];
}

export function AreaPreview({ area, screen, coming }: AreaPreviewProps) {
  const styles = useStyles();
  const { product } = useAtomValue(appConfigAtom);
  const [open, setOpen] = useState(false);
  usePageTitle(screen);
  return (
    <section className={styles.root} aria-labelledby="area-preview-title" data-testid="area-preview">
      <Title1 as="h1" id="area-preview-title">
        {screen}
      </Title1>
      <MessageBar intent="info" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>Not available yet</MessageBarTitle>
          The {area} area of {product.name} is not available yet. This screen arrives with the {area} release.
        </MessageBarBody>
      </MessageBar>
      <div className={styles.actions}>
        <Dialog open={open} onOpenChange={(_e, data) => setOpen(data.open)}>
          <DialogTrigger disableButtonEnhancement>
            <Button appearance="primary">What&apos;s coming</Button>
          </DialogTrigger>
          <DialogSurface aria-describedby={undefined}>
            <DialogBody>
              <DialogTitle>Coming to {area}</DialogTitle>
              <DialogContent>
                <ul>
                  {coming.map((item) => (
                    <li key={item}>
                      <Body1>{item}</Body1>
                    </li>
                  ))}
                </ul>
              </DialogContent>
              <DialogActions>
                <DialogTrigger disableButtonEnhancement>
                  <Button appearance="secondary">Close</Button>
                </DialogTrigger>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
        <Button
          onClick={() =>
            void showAlert({
              title: 'Why is this not here yet?',
              subtitle: `Each area of ${product.name} is built and released by its own team. The ${area} area will appear here as soon as it is released; everything else keeps working meanwhile.`,
            })
          }
        >
          Why not yet?
        </Button>
      </div>
    </section>
  );
}
