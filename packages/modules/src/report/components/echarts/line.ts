export { LineChart as chart } from 'echarts/charts';
