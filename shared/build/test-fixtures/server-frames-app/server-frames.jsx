import { useState } from 'react';
import { makeStyles } from '@griffel/react';
import { intro } from './intro';

const useStyles = makeStyles({ frame: { display: 'block' } });

function ListFrame() {
  const [text] = useState(intro);
  return <p className={useStyles().frame}>{text}</p>;
}

export const frames = { list: { draw: async () => ({ title: 'List', element: <ListFrame /> }) } };
