import { useId, useState } from 'react';
import { Tab, TabList, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import type { Control } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { FormField } from '@hub/ui/form-field';
import { Markdown } from '@hub/ui/markdown';
import { eventLimits, type EventFormValues } from './event-form-model';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  preview: {
    minHeight: '10rem',
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  empty: { color: tokens.colorNeutralForeground3 },
});

/** The description in Markdown, with a Write / Preview switch showing it exactly as the event page will. */
export function DescriptionField({ control }: { control: Control<EventFormValues> }) {
  const styles = useStyles();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const description = useWatch({ control, name: 'description' });
  const id = useId();
  return (
    <div className={styles.root}>
      <TabList
        size="small"
        selectedValue={tab}
        onTabSelect={(_e, data) => setTab(data.value as 'write' | 'preview')}
        aria-label="Description editor"
      >
        <Tab value="write" id={`${id}-write`} aria-controls={`${id}-panel`}>
          Write
        </Tab>
        <Tab value="preview" id={`${id}-preview`} aria-controls={`${id}-panel`}>
          Preview
        </Tab>
      </TabList>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`}>
        {tab === 'write' ? (
          <FormField
            control={control}
            name="description"
            label="Description"
            hint={`Markdown: **bold**, *italic*, lists, [links](https://…) and ## headings. At most ${eventLimits.description.toLocaleString('en-GB')} characters.`}
          >
            {(props) => <Textarea {...props} resize="vertical" rows={8} maxLength={eventLimits.description} />}
          </FormField>
        ) : (
          <section className={styles.preview} aria-label="Description preview">
            {description.trim() ? (
              <Markdown headingLevel={3}>{description}</Markdown>
            ) : (
              <Text className={styles.empty}>Nothing to preview yet: write the description first.</Text>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
