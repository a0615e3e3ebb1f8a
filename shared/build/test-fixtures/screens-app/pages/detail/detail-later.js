export default 'DETAIL_LATER';
